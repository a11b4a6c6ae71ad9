/* A ticket lock around a non-atomic counter increment, device scope. */
#include "gpu.h"

atomic_int next_ticket, now_serving;
int counter;

static void check(void) { assert(counter == NTHREADS); }

void *kernel(void *arg)
{
    place((int)(intptr_t)arg);
    int mine = atomic_fetch_add_explicit(&next_ticket, 1, memory_order_relaxed);
    while (atomic_load_explicit(&now_serving, ACQ) != mine)
        ;
    __VERIFIER_memory_scope_system();
    counter = counter + 1;
    __VERIFIER_memory_scope_device();
    atomic_store_explicit(&now_serving, mine + 1, REL);
    return NULL;
}

LAUNCH(kernel)
