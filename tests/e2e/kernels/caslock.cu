// The CAS lock of caslock_gpumc.c as a CUDA-style C++ kernel, run with --kernel caslock
// --grid 2x2; caslock_post checks the counter after the kernel.
#include <assert.h>
#include <scopemc/cuda.h>

#ifndef ACQ
#define ACQ cuda::memory_order_acquire
#endif

__global__ void caslock(int *lock, int *counter) {
  cuda::atomic_ref<int, cuda::thread_scope_device> l(*lock);
  int expected = 0;
  while (!l.compare_exchange_strong(expected, 1, ACQ, cuda::memory_order_relaxed))
    expected = 0;
  *counter = *counter + 1;
  l.store(0, cuda::memory_order_release);
}

void caslock_post(int *lock, int *counter) { assert(*counter == 4); }
