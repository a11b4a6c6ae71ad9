/* Graph colouring, greedy in priority order: vertex gid belongs to thread gid; the graph is
   a path inside each block. In round k (THREADS rounds, a block barrier after each), the
   vertex whose priority is k reads its neighbours' colours (seq_cst loads; SC=0: acquire;
   0: not coloured yet) and publishes the smallest colour neither uses (seq_cst store; SC=0:
   release) at work-group scope. Thread 0 of the block then checks that no two neighbours
   share a colour and publishes the block's number of colours at device scope.
     VARIANT=0  race-free: one execution, every block's colouring checked
     VARIANT=1  the graph also has an edge from each block's first vertex to the previous
                block's last one, read at work-group scope without synchronisation: a
                heterogeneous race */
#include "gpu.h"

atomic_int colour[NTHREADS];
atomic_int colours[BLOCKS];
pthread_barrier_t block_barrier[BLOCKS];

static int priority(int tid) { return (tid * 3 + 1) % THREADS; }

static void check(void)
{
    if (VARIANT != 0)
        return;
    for (int b = 0; b < BLOCKS; b++) {
        int c = atomic_load_explicit(&colours[b], memory_order_relaxed);
        assert(c >= 1 && c <= 3);
    }
}

static int free_colour(int a, int b)
{
    int c = 1;
    while (c == a || c == b)
        c++;
    return c;
}

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS;
    place(gid);
    __VERIFIER_memory_scope_work_group();
    for (int round = 0; round < THREADS; round++) {
        if (priority(tid) == round) {
            int left = tid > 0 ? atomic_load_explicit(&colour[gid - 1], LD) : 0;
            int right = tid < THREADS - 1 ? atomic_load_explicit(&colour[gid + 1], LD) : 0;
#if VARIANT == 1
            if (tid == 0 && bid > 0)
                left = atomic_load_explicit(&colour[gid - 1], LD);
#endif
            atomic_store_explicit(&colour[gid], free_colour(left, right), ST);
        }
        pthread_barrier_wait(&block_barrier[bid]);
    }
    if (tid == 0) {
        int used = 0;
        for (int k = 0; k < THREADS; k++) {
            int c = atomic_load_explicit(&colour[gid + k], LD);
            assert(c >= 1);
            if (k > 0)
                assert(c != atomic_load_explicit(&colour[gid + k - 1], LD));
            used = c > used ? c : used;
        }
        __VERIFIER_memory_scope_device();
        atomic_store_explicit(&colours[bid], used, ST);
    }
    return NULL;
}

int main(void) { return run_with_block_barriers(kernel, block_barrier, check); }
