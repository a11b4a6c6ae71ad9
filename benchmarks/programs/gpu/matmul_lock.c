/* A tiled matrix multiply whose blocks add their partial products into the shared output
   under a per-element compare-and-swap lock, retried in a do-while loop until it is taken.
   Elements are shared across blocks. VARIANT=0: device-scoped locks (race-free);
   VARIANT=1: block-scoped locks, which do not exclude threads of other blocks (a
   heterogeneous race). */
#include "gpu.h"

#define ELEMS THREADS
atomic_int locks[ELEMS];
int out[ELEMS];

static void check(void) {}

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg;
    place(gid);
    int t = gid % THREADS, b = gid / THREADS;
    int elem = (t + b) % ELEMS;
    int partial = 0;
    for (int k = 0; k < 2; k++) /* the block's tile: a few products */
        partial += (gid + 1) * (k + 1);
#if VARIANT == 1
    __VERIFIER_memory_scope_work_group();
#endif
    int done = 0;
    do {
        int expected = 0;
        if (atomic_compare_exchange_strong_explicit(&locks[elem], &expected, 1,
                                                    memory_order_acquire, memory_order_relaxed)) {
            out[elem] += partial;
            atomic_store_explicit(&locks[elem], 0, memory_order_release);
            done = 1;
        }
    } while (!done);
    return NULL;
}

LAUNCH(kernel)
