// The CAS lock of caslock_gpumc.c as an OpenCL C kernel (--kernel caslock --grid 2x2).
#ifndef ACQ
#define ACQ memory_order_acquire
#endif

kernel void caslock(global atomic_int *lock, global int *counter) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, ACQ, memory_order_relaxed,
                                                  memory_scope_device))
    expected = 0;
  *counter = *counter + 1;
  atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
}

void caslock_post(global atomic_int *lock, global int *counter) { assert(*counter == 4); }
