// A compare-and-swap spin lock around a plain counter increment, device-scoped lock
// operations. Run:  scopemc examples/opencl/caslock.cl --kernel caslock --grid 4x2
//   -- -DRELAXED_ACQUIRE   the lock acquire is relaxed: the increments race
//   -- -DRELAXED_RELEASE   the unlock is relaxed: the increments race
#include "variants.h"

kernel void caslock(global atomic_int *lock, global int *counter,
                    global int *threads) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, ACQ, memory_order_relaxed,
                                                  memory_scope_device))
    expected = 0;
  if (get_global_id(0) == 0)
    *threads = (int)get_global_size(0); // for the post function
  *counter = *counter + 1;
  atomic_store_explicit(lock, 0, REL, memory_scope_device);
}

// Called after the kernel with the same buffers.
void caslock_post(global atomic_int *lock, global int *counter, global int *threads) {
  assert(*counter == *threads);
}
