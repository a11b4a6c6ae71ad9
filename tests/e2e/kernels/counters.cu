// Per-slot counters: 6 threads of one block add to a[tid % 3] (relaxed atomicAdd, results
// unused unless USED, where each thread keeps the value it read). Each slot has two adds: 2
// orders per slot, 2^3 = 8 executions without reductions (docs/commuting.md: with them, the
// unused-result adds are explored in one order).
#include <cassert>
#include <cuda_runtime.h>

__global__ void count(int *a, int *seen) {
  int tid = threadIdx.x;
#ifdef USED
  seen[tid] = atomicAdd(&a[tid % 3], 1);
#else
  atomicAdd(&a[tid % 3], 1);
#endif
}

int main() {
  int *a, *seen;
  cudaMalloc(&a, 3 * sizeof(int));
  cudaMalloc(&seen, 6 * sizeof(int));
  cudaMemset(a, 0, 3 * sizeof(int));
  count<<<1, 6>>>(a, seen);
  int h[3];
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 3; i++)
#ifdef WRONG
    assert(h[i] == 3);
#else
    assert(h[i] == 2);
#endif
  return 0;
}
