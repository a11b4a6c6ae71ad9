// ARCAV's motivating example: a[threadIdx.x % 32]++ run by 64 threads, so that threads t and
// t + 32 increment one element with a plain load and store. A data race, and with race
// detection off, a lost update (RW|RW). -DFIXED writes the increment as atomicAdd.
#include <cuda_runtime.h>

__global__ void count(int *a) {
#ifdef FIXED
  atomicAdd(&a[threadIdx.x % 32], 1);
#else
  a[threadIdx.x % 32]++;
#endif
}

int main() {
  int *a;
  cudaMalloc(&a, 32 * sizeof(int));
  cudaMemset(a, 0, 32 * sizeof(int));
  count<<<1, 64>>>(a);
  cudaDeviceSynchronize();
  cudaFree(a);
  return 0;
}
