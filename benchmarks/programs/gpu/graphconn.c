/* Graph connectivity by label propagation: vertex gid belongs to thread gid; the graph is a
   path inside each block (gid - 1, gid, gid + 1 of one block), so each block is one
   component. Every vertex starts with its own number as label; in each of THREADS rounds a
   thread reads its neighbours' labels of the previous round (seq_cst loads; SC=0: acquire)
   and publishes the minimum (seq_cst store; SC=0: release) at work-group scope, in
   double-buffered label arrays, with a block barrier between rounds. Thread 0 of the block
   then counts the block's vertices labelled with the block's first vertex and publishes
   the count at device scope.
     VARIANT=0  race-free: one execution, every block's count checked
     VARIANT=1  the graph also has an edge from each block's first vertex to the previous
                block's last one, read at work-group scope without synchronisation: a
                heterogeneous race */
#include "gpu.h"

atomic_int label[2][NTHREADS];
atomic_int members[BLOCKS];
pthread_barrier_t block_barrier[BLOCKS];

static void check(void)
{
    if (VARIANT != 0)
        return;
    for (int b = 0; b < BLOCKS; b++)
        assert(atomic_load_explicit(&members[b], memory_order_relaxed) == THREADS);
}

static int min(int a, int b) { return a < b ? a : b; }

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS;
    place(gid);
    __VERIFIER_memory_scope_work_group();
    atomic_store_explicit(&label[0][gid], gid, ST);
    pthread_barrier_wait(&block_barrier[bid]);
    for (int round = 0; round < THREADS; round++) {
        atomic_int *from = label[round % 2], *to = label[(round + 1) % 2];
        int m = atomic_load_explicit(&from[gid], LD);
        if (tid > 0)
            m = min(m, atomic_load_explicit(&from[gid - 1], LD));
        if (tid < THREADS - 1)
            m = min(m, atomic_load_explicit(&from[gid + 1], LD));
#if VARIANT == 1
        if (tid == 0 && bid > 0)
            m = min(m, atomic_load_explicit(&from[gid - 1], LD));
#endif
        atomic_store_explicit(&to[gid], m, ST);
        pthread_barrier_wait(&block_barrier[bid]);
    }
    if (tid == 0) {
        int count = 0;
        for (int k = 0; k < THREADS; k++)
            count += atomic_load_explicit(&label[THREADS % 2][gid + k], LD) == gid;
        __VERIFIER_memory_scope_device();
        atomic_store_explicit(&members[bid], count, ST);
    }
    return NULL;
}

int main(void) { return run_with_block_barriers(kernel, block_barrier, check); }
