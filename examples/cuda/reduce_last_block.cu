// Threadfence reduction, as CUDA's samples write it: each block sums its slice of the input in
// shared memory, its thread 0 publishes the block's partial sum and takes a ticket; the block
// that takes the last ticket adds up the partial sums.
//
// The bug: the ticket is taken with atomicAdd_block, whose block scope does not include the
// other block, so the two tickets do not synchronise and the last block may read a partial
// sum that is still being written. scopemc reports the heterogeneous race:
//     scopemc examples/cuda/reduce_last_block.cu
// The fix is the device-scoped atomicAdd (reduce_last_block_fixed.cu, or -DFIXED here):
//     scopemc examples/cuda/reduce_last_block.cu -- -DFIXED
#include <cassert>
#include <cstdio>

#define BLOCKS 2
#define THREADS 2

#ifdef FIXED
#define TAKE_TICKET(counter) atomicAdd(counter, 1u)
#else
#define TAKE_TICKET(counter) atomicAdd_block(counter, 1u) // BUG: block scope
#endif

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
  __threadfence(); // the partial sum before the ticket
  if (TAKE_TICKET(&tickets) == gridDim.x - 1) {
    __threadfence(); // the other tickets before the partial sums
    int t = 0;
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
  printf("total = %d\n", h_total);
  assert(h_total == 10);
  cudaFree(d_in);
  cudaFree(d_partial);
  cudaFree(d_total);
  return 0;
}
