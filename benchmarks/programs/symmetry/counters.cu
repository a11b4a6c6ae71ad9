// Per-slot counters: THREADS threads (one block by default) each add 1 to a[tid % SLOTS]
// with atomicAdd, and the host checks every slot. The adds to a slot commute and their
// results are unused: one execution stands for all (2^32 of them at 64 threads and 32 slots).
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 64
#endif
#ifndef BLOCKS
#define BLOCKS 1
#endif
#ifndef SLOTS
#define SLOTS 32
#endif

__global__ void count(int *a) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&a[tid % SLOTS], 1);
}

int main() {
  int *a;
  cudaMalloc(&a, SLOTS * sizeof(int));
  cudaMemset(a, 0, SLOTS * sizeof(int));
  count<<<BLOCKS, THREADS / BLOCKS>>>(a);
  int h[SLOTS];
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < SLOTS; i++)
    assert(h[i] == THREADS / SLOTS);
  cudaFree(a);
  return 0;
}
