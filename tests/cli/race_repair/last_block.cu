// The last-block reduction without its fences: each block's thread 0 publishes a partial sum
// and takes a ticket with a (device-scoped, relaxed) atomicAdd; the block with the last ticket
// adds the partial sums. Without __threadfence() after the write and before the reads, the
// ticket orders nothing and the reads race with the writes. -DFIXED has both fences.
#include <cassert>

#define BLOCKS 2
#define THREADS 2

__device__ unsigned tickets;

__global__ void reduce(const int *in, int *partial, int *total) {
  __shared__ int sum[THREADS];
  sum[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x != 0)
    return;
  int s = 0;
  for (unsigned t = 0; t < blockDim.x; ++t)
    s += sum[t];
  partial[blockIdx.x] = s;
#ifdef FIXED
  __threadfence();
#endif
  if (atomicAdd(&tickets, 1u) == gridDim.x - 1) {
    int t = 0;
#ifdef FIXED
    __threadfence();
#endif
    for (unsigned b = 0; b < gridDim.x; ++b)
      t += partial[b];
    *total = t;
  }
}

int main() {
  int h_in[BLOCKS * THREADS] = {1, 2, 3, 4}, h_total = 0;
  int *d_in, *d_partial, *d_total;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_partial, BLOCKS * sizeof(int));
  cudaMalloc(&d_total, sizeof(int));
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  reduce<<<BLOCKS, THREADS>>>(d_in, d_partial, d_total);
  cudaMemcpy(&h_total, d_total, sizeof(int), cudaMemcpyDeviceToHost);
  assert(h_total == 10);
  return 0;
}
