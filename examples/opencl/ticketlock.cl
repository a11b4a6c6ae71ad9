// A ticket lock around a plain counter increment, device scope.
// Run:  scopemc examples/opencl/ticketlock.cl --kernel ticketlock --grid 4x2
//   -- -DRELAXED_ACQUIRE / -DRELAXED_RELEASE   racy variants
#include "variants.h"

kernel void ticketlock(global atomic_int *next_ticket, global atomic_int *now_serving,
                       global int *counter,
                       global int *threads) {
  int mine = atomic_fetch_add_explicit(next_ticket, 1, memory_order_relaxed, memory_scope_device);
  while (atomic_load_explicit(now_serving, ACQ, memory_scope_device) != mine)
    ;
  if (get_global_id(0) == 0)
    *threads = (int)get_global_size(0); // for the post function
  *counter = *counter + 1;
  atomic_store_explicit(now_serving, mine + 1, REL, memory_scope_device);
}

void ticketlock_post(global atomic_int *next_ticket, global atomic_int *now_serving,
                     global int *counter, global int *threads) {
  assert(*counter == *threads);
}
