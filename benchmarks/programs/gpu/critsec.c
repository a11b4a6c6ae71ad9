/* A critical section guarded by a compare-and-swap lock, one thread per block: block 0 writes
   1 to the shared value, every other block writes 2, and each thread then reads the value back
   inside the section. VARIANT=0: device-scoped lock (race-free); VARIANT=1: the lock's
   atomics are block-scoped (a heterogeneous race between blocks; repair promotes them).
   Threads of blocks 1.. are interchangeable. */
#include "gpu.h"

atomic_int lock;
int value;
atomic_int seen;

static void check(void) { assert(value == 1 || value == 2); }

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg;
    place(gid);
#if VARIANT == 1
    __VERIFIER_memory_scope_work_group();
#endif
    int expected = 0;
    while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, memory_order_acquire,
                                                    memory_order_relaxed))
        expected = 0;
    __VERIFIER_memory_scope_system();
    value = gid == 0 ? 1 : 2;
    int r = value;
    atomic_fetch_add_explicit(&seen, r, memory_order_relaxed);
#if VARIANT == 1
    __VERIFIER_memory_scope_work_group();
#else
    __VERIFIER_memory_scope_device();
#endif
    atomic_store_explicit(&lock, 0, memory_order_release);
    return NULL;
}

LAUNCH(kernel)
