// 1D stencil of radius 1 (sum of a point and its two neighbours): each block loads its
// elements plus a one-element halo on each side into shared memory. Mistake: the
// __syncthreads() between loading the tile and applying the stencil is missing.
// -DFIXED restores it.
#include <cassert>
#define RADIUS 1
#define BLOCK 4
#define BLOCKS 2
#define N (BLOCK * BLOCKS)

__global__ void stencil(const int *in, int *out) {
  __shared__ int tile[BLOCK + 2 * RADIUS];
  int g = threadIdx.x + blockIdx.x * blockDim.x + RADIUS; // in[] has a halo at both ends
  int l = threadIdx.x + RADIUS;
  tile[l] = in[g];
  if (threadIdx.x < RADIUS) {
    tile[l - RADIUS] = in[g - RADIUS];
    tile[l + BLOCK] = in[g + BLOCK];
  }
#ifdef FIXED
  __syncthreads();
#endif
  int acc = 0;
  for (int d = -RADIUS; d <= RADIUS; d++)
    acc += tile[l + d];
  out[g - RADIUS] = acc;
}

int main() {
  int h_in[N + 2 * RADIUS], h_out[N];
  for (int i = 0; i < N + 2 * RADIUS; i++)
    h_in[i] = i * i % 11;
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  stencil<<<BLOCKS, BLOCK>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    assert(h_out[i] == h_in[i] + h_in[i + 1] + h_in[i + 2]);
  return 0;
}
