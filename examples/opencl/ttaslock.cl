// A test-and-test-and-set lock around a plain counter increment, device scope.
// Run:  scopemc examples/opencl/ttaslock.cl --kernel ttaslock --grid 3x2
//   -- -DRELAXED_ACQUIRE / -DRELAXED_RELEASE   racy variants
#include "variants.h"

kernel void ttaslock(global atomic_int *lock, global int *counter,
                     global int *threads) {
  while (true) {
    while (atomic_load_explicit(lock, memory_order_relaxed, memory_scope_device) != 0)
      ;
    if (atomic_exchange_explicit(lock, 1, ACQ, memory_scope_device) == 0)
      break;
  }
  if (get_global_id(0) == 0)
    *threads = (int)get_global_size(0); // for the post function
  *counter = *counter + 1;
  atomic_store_explicit(lock, 0, REL, memory_scope_device);
}

void ttaslock_post(global atomic_int *lock, global int *counter, global int *threads) {
  assert(*counter == *threads);
}
