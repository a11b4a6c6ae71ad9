// Locks from libcu++'s headers around a plain counter, 2 blocks x 2 threads (each thread
// increments once; the host checks the total):
//   default      a cuda::std::atomic_flag lock (test_and_set, then wait while it is set):
//                one execution per order of the critical sections, 4! = 24 (the iterations
//                that find the flag set are cut, docs/dpor.md section 4);
//   -DSEMAPHORE  a cuda::binary_semaphore<SCOPE>: acquire loads the count, then takes it with
//                a compare-and-swap; as in the TTAS lock (benchmarks/run.py, ttas_count), the
//                k-th thread's load may read any of k writes of 1: 4! * 4! = 576;
//   -DWAIT_LOCK  a cuda::atomic_ref<int, SCOPE> CAS lock that waits while the lock is held:
//                the failed attempts are cut, 4! = 24.
// -DACQ=cuda::std::memory_order_relaxed (flag, CAS lock): the counter accesses race.
// -DSCOPE=cuda::thread_scope_block (semaphore, CAS lock): block scope does not include the
// other block: a heterogeneous race.
#include <cassert>
#include <cuda/atomic>
#include <cuda/semaphore>

#ifndef ACQ
#define ACQ cuda::std::memory_order_acquire
#endif
#ifndef SCOPE
#define SCOPE cuda::thread_scope_device
#endif

__device__ int counter;
#if defined(SEMAPHORE)
__device__ cuda::binary_semaphore<SCOPE> sem(1);
__device__ void lock() { sem.acquire(); }
__device__ void unlock() { sem.release(); }
#elif defined(WAIT_LOCK)
__device__ int word;
__device__ void lock() {
  cuda::atomic_ref<int, SCOPE> l(word);
  for (;;) {
    int expected = 0;
    if (l.compare_exchange_strong(expected, 1, ACQ, cuda::memory_order_relaxed))
      return;
    l.wait(1, cuda::memory_order_relaxed);
  }
}
__device__ void unlock() {
  cuda::atomic_ref<int, SCOPE> l(word);
  l.store(0, cuda::memory_order_release);
  l.notify_all();
}
#else
__device__ cuda::std::atomic_flag flag;
__device__ void lock() {
  while (flag.test_and_set(ACQ))
    flag.wait(true, cuda::std::memory_order_relaxed);
}
__device__ void unlock() {
  flag.clear(cuda::std::memory_order_release);
  flag.notify_one();
}
#endif

__global__ void increment() {
  lock();
  counter = counter + 1;
  unlock();
}

int main() {
  increment<<<2, 2>>>();
  int total = 0;
  cudaMemcpyFromSymbol(&total, counter, sizeof total);
  assert(total == 4);
  return 0;
}
