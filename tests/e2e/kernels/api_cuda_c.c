/* scopemc/cuda.h from C: the atomic functions (CUDA's results), index variables, shared
   memory, barriers and fences (--kernel api --grid 2x2). */
#include <assert.h>
#include <scopemc/cuda.h>

__device__ int vi;
__device__ unsigned vu;
__device__ float vf;
__device__ double vd;

__global__ void api(int *out) {
  __shared__ int tile[2];
  tile[threadIdx.x] = (int)(blockIdx.x * 10 + threadIdx.x);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x] + (int)gridDim.x * 100;
  if (blockIdx.x != 0 || threadIdx.x != 0)
    return;
  assert(atomicAdd(&vi, 5) == 0 && atomicSub(&vi, 7) == 5 && atomicMin(&vi, -3) == -2);
  assert(atomicMax(&vi, 4) == -3 && atomicExch(&vi, 12) == 4 && atomicAnd(&vi, 10) == 12);
  assert(atomicOr(&vi, 1) == 8 && atomicXor(&vi, 3) == 9 && atomicCAS(&vi, 10, 1) == 10 && vi == 1);
  assert(atomicAdd_block(&vu, 3u) == 0 && atomicSub_block(&vu, 1u) == 3);
  assert(atomicMin_block(&vu, 0xFFFFFFFFu) == 2 && atomicMax_block(&vu, 0xFFFFFFFFu) == 2);
  assert(atomicExch_block(&vu, 6u) == 0xFFFFFFFFu && atomicAnd_block(&vu, 4u) == 6);
  assert(atomicOr_block(&vu, 1u) == 4 && atomicXor_block(&vu, 5u) == 5);
  assert(atomicCAS_block(&vu, 0u, 8u) == 0 && vu == 8);
  assert(atomicAdd_system(&vi, 1) == 1 && atomicSub_system(&vi, 1) == 2 && atomicExch_system(&vi, 3) == 1);
  assert(atomicMin_system(&vi, 0) == 3 && atomicMax_system(&vi, 5) == 0 && atomicAnd_system(&vi, 4) == 5);
  assert(atomicOr_system(&vi, 2) == 4 && atomicXor_system(&vi, 6) == 6 && atomicCAS_system(&vi, 0, 1) == 0);
  assert(atomicAdd(&vf, 1.5f) == 0.0f && atomicAdd_block(&vf, 0.25f) == 1.5f && vf == 1.75f);
  assert(atomicAdd_system(&vd, 2.5) == 0.0 && vd == 2.5);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
}

void api_post(int *out) {
  assert(out[0] == 201 && out[1] == 200 && out[2] == 211 && out[3] == 210);
}
