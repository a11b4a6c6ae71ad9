/* A compare-and-swap spin lock around a non-atomic counter increment, device scope. */
#include "gpu.h"

atomic_int lock;
int counter;

static void check(void) { assert(counter == NTHREADS); }

void *kernel(void *arg)
{
    place((int)(intptr_t)arg);
    int expected = 0;
    while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, ACQ, memory_order_relaxed))
        expected = 0;
    __VERIFIER_memory_scope_system();
    counter = counter + 1;
    __VERIFIER_memory_scope_device();
    atomic_store_explicit(&lock, 0, REL);
    return NULL;
}

LAUNCH(kernel)
