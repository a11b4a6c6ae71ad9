// Each block fills its own tile and reads it back after __syncthreads (--grid 2x2). With
// __shared__ every block has its own tile: no race. -DGLOBAL_TILE puts the tile in global
// memory, shared by the blocks: the blocks race.
#include <assert.h>
#include <scopemc/cuda.h>

#ifdef GLOBAL_TILE
__device__ int tile[2];
#endif

__global__ void tiles(int *out) {
#ifndef GLOBAL_TILE
  __shared__ int tile[2];
#endif
  tile[threadIdx.x] = blockIdx.x * 10 + threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

void tiles_post(int *out) {
  assert(out[0] == 1 && out[1] == 0 && out[2] == 11 && out[3] == 10);
}
