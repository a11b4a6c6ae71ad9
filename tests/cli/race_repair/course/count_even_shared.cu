// Counts even numbers: each block counts its own in a shared counter, then one thread per
// block adds that count into the global total with atomicAdd. Mistake: the shared counter
// is bumped with `evens += 1`, not atomically. -DFIXED uses atomicAdd on it.
#include <cassert>
#define THREADS 8
#define BLOCKS 2

__global__ void count_even(const int *x, int *total) {
  __shared__ int evens;
  if (threadIdx.x == 0)
    evens = 0;
  __syncthreads();
  if (x[blockIdx.x * blockDim.x + threadIdx.x] % 2 == 0) {
#ifdef FIXED
    atomicAdd(&evens, 1);
#else
    evens += 1;
#endif
  }
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(total, evens);
}

int main() {
  int h_x[THREADS * BLOCKS], zero = 0, got = 0, want = 0;
  for (int i = 0; i < THREADS * BLOCKS; i++) {
    h_x[i] = (i * 7 + 3) % 10;
    want += h_x[i] % 2 == 0;
  }
  int *d_x, *d_total;
  cudaMalloc(&d_x, sizeof h_x);
  cudaMalloc(&d_total, sizeof(int));
  cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_total, &zero, sizeof(int), cudaMemcpyHostToDevice);
  count_even<<<BLOCKS, THREADS>>>(d_x, d_total);
  cudaMemcpy(&got, d_total, sizeof(int), cudaMemcpyDeviceToHost);
  assert(got == want);
  return 0;
}
