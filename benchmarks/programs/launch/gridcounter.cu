// One device-wide counter at launch size: every thread of BLOCKS blocks of THREADS threads
// adds its own weight (1 or 2, by its index) with atomicAdd, ignoring the result; the host
// copies the counter back after the launch and checks the total. Nothing reads the counter
// while the threads add: one execution stands for every order of the adds.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 256
#endif
#ifndef BLOCKS
#define BLOCKS 16
#endif

__device__ unsigned total;

__global__ void tally() {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&total, 1 + (i & 1));
}

int main() {
  tally<<<BLOCKS, THREADS>>>();
  unsigned h = 0;
  cudaMemcpyFromSymbol(&h, total, sizeof h);
  unsigned n = BLOCKS * THREADS;
  assert(h == n + n / 2);
  return 0;
}
