// A sum as CUDA programs write it: each warp reduces its 32 values with __shfl_down_sync and its
// lane 0 writes the warp's sum to its own slot; the host adds the slots after cudaMemcpy.
// BLOCKS blocks of 32 threads (default 2): one execution at every size (every value read is
// the one a shuffle's lane or the host's copy gave), the cost grows with the events.
#include <cassert>
#include <cuda_runtime.h>

#ifndef BLOCKS
#define BLOCKS 2
#endif

__global__ void warpSums(const int *in, int *sums) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % warpSize == 0)
    sums[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = v;
}

int main() {
  const int n = BLOCKS * 32;
  static int h_in[n], h_sums[BLOCKS];
  for (int i = 0; i < n; ++i)
    h_in[i] = i % 3;
  int *d_in, *d_sums;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_sums, sizeof h_sums);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  warpSums<<<BLOCKS, 32>>>(d_in, d_sums);
  cudaMemcpy(h_sums, d_sums, sizeof h_sums, cudaMemcpyDeviceToHost);
  int total = 0, want = 0;
  for (int b = 0; b < BLOCKS; ++b)
    total += h_sums[b];
  for (int i = 0; i < n; ++i)
    want += h_in[i];
  assert(total == want);
  cudaFree(d_in);
  cudaFree(d_sums);
  return 0;
}
