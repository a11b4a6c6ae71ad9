// A block-scoped cuda::atomic in __shared__ memory (trivially constructed, as libcu++'s) counts
// a block's threads; thread 0 of each block adds the count to a device-wide
// cuda::std::atomic<int> with +=. 2 blocks x 3 threads: each block's three relaxed adds in
// 3! = 6 orders, the two blocks' adds to the total in 2: 6 * 6 * 2 = 72 executions.
// -DWRONG: the host expects a wrong total (an assertion violation).
#include <cassert>
#include <cuda/atomic>

#ifdef WRONG
#define EXPECTED 5
#else
#define EXPECTED 6
#endif

__device__ cuda::std::atomic<int> total;

__global__ void count_threads() {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> count;
  if (threadIdx.x == 0)
    count.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  count.fetch_add(1, cuda::memory_order_relaxed);
  __syncthreads();
  if (threadIdx.x == 0)
    total += count.load(cuda::memory_order_relaxed);
}

int main() {
  count_threads<<<2, 3>>>();
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpyFromSymbol(&h, total, sizeof h);
  assert(h == EXPECTED);
  return 0;
}
