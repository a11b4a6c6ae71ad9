// THREADS threads of one block each add 1 to one __shared__ counter, and thread 0 copies it
// out after a barrier; the host checks the total. The adds commute and their results are
// unused: one execution stands for the THREADS! orders.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 256
#endif

__global__ void count(int *out) {
  __shared__ int c;
  if (threadIdx.x == 0)
    c = 0;
  __syncthreads();
  atomicAdd(&c, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    *out = c;
}

int main() {
  int *out, h = 0;
  cudaMalloc(&out, sizeof(int));
  count<<<1, THREADS>>>(out);
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  assert(h == THREADS);
  cudaFree(out);
  return 0;
}
