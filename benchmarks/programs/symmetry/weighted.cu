// A weighted count: every thread reads the weight the host wrote, then adds it to one total
// with atomicAdd. The threads read before they update, so the reduction must see that no
// thread writes the weight (only reads it) for the order of the adds to be settled at once.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 16
#endif
#ifndef BLOCKS
#define BLOCKS 1
#endif

__global__ void weigh(const int *weight, int *total) {
  int w = *weight;
  atomicAdd(total, w);
}

int main() {
  int *weight, *total;
  cudaMalloc(&weight, sizeof(int));
  cudaMalloc(&total, sizeof(int));
  int three = 3, zero = 0;
  cudaMemcpy(weight, &three, sizeof three, cudaMemcpyHostToDevice);
  cudaMemcpy(total, &zero, sizeof zero, cudaMemcpyHostToDevice);
  weigh<<<BLOCKS, THREADS / BLOCKS>>>(weight, total);
  int sum = 0;
  cudaMemcpy(&sum, total, sizeof sum, cudaMemcpyDeviceToHost);
  assert(sum == 3 * THREADS);
  cudaFree(weight);
  cudaFree(total);
  return 0;
}
