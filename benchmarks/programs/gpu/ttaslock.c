/* A test-and-test-and-set lock around a non-atomic counter increment, device scope. */
#include "gpu.h"

atomic_int lock;
int counter;

static void check(void) { assert(counter == NTHREADS); }

void *kernel(void *arg)
{
    place((int)(intptr_t)arg);
    for (;;) {
        while (atomic_load_explicit(&lock, memory_order_relaxed) != 0)
            ;
        if (atomic_exchange_explicit(&lock, 1, ACQ) == 0)
            break;
    }
    __VERIFIER_memory_scope_system();
    counter = counter + 1;
    __VERIFIER_memory_scope_device();
    atomic_store_explicit(&lock, 0, REL);
    return NULL;
}

LAUNCH(kernel)
