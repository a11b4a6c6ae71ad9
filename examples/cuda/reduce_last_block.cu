// Threadfence reduction, CUDA style: each block sums its slice of the input in shared memory,
// its thread 0 publishes the block's partial sum and takes a ticket; the block that takes
// the last ticket adds up the partial sums.
//
// The bug: the ticket is taken with atomicAdd_block, whose block scope does not include the
// other block, so the two tickets do not synchronise and the last block may read a partial
// sum that is still being written. scopemc reports the heterogeneous race:
//     scopemc examples/cuda/reduce_last_block.cu
// The fix is the device-scoped atomicAdd (reduce_last_block_fixed.cu, or -DFIXED here):
//     scopemc examples/cuda/reduce_last_block.cu -- -DFIXED
#include <assert.h>
#include <scopemc/cuda.h>

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
  static int in[BLOCKS * THREADS] = {1, 2, 3, 4}, partial[BLOCKS], total;
  scopemc::launch(dim3(BLOCKS), dim3(THREADS), reduce, in, partial, &total);
  assert(total == 10);
  return 0;
}
