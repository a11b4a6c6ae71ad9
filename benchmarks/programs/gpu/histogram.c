/* Histogram with per-thread sub-histograms: each thread counts its ITEMS inputs into BINS
   private bins and publishes them in the block's shared sub-histograms (seq_cst stores;
   SC=0: release) at work-group scope; after a block barrier, thread k (k < BINS) adds bin k
   of every thread of its block (seq_cst loads; SC=0: acquire) and publishes it in the
   block's row of the histogram at device scope.
     VARIANT=0  race-free: one execution, every block's bins checked
     VARIANT=1  thread k also adds bin k of the next block's first thread, read at
                work-group scope without synchronisation: a heterogeneous race */
#include "gpu.h"

#define BINS 4
#define ITEMS 4

atomic_int sub[BLOCKS][THREADS][BINS];
atomic_int hist[BLOCKS][BINS];
pthread_barrier_t block_barrier[BLOCKS];

static int input(int gid, int i) { return (gid * 7 + i * 3) % 5; }
static int bin(int v) { return v % BINS; }

static void check(void)
{
    if (VARIANT != 0)
        return;
    for (int b = 0; b < BLOCKS; b++)
        for (int k = 0; k < BINS && k < THREADS; k++) {
            int want = 0;
            for (int g = b * THREADS; g < (b + 1) * THREADS; g++)
                for (int i = 0; i < ITEMS; i++)
                    want += bin(input(g, i)) == k;
            assert(atomic_load_explicit(&hist[b][k], memory_order_relaxed) == want);
        }
}

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS;
    place(gid);
    int mine[BINS] = {0};
    for (int i = 0; i < ITEMS; i++)
        mine[bin(input(gid, i))]++;
    __VERIFIER_memory_scope_work_group();
    for (int k = 0; k < BINS; k++)
        atomic_store_explicit(&sub[bid][tid][k], mine[k], ST);
    pthread_barrier_wait(&block_barrier[bid]);
    if (tid < BINS) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += atomic_load_explicit(&sub[bid][t][tid], LD);
#if VARIANT == 1
        if (bid + 1 < BLOCKS)
            total += atomic_load_explicit(&sub[bid + 1][0][tid], LD);
#endif
        __VERIFIER_memory_scope_device();
        atomic_store_explicit(&hist[bid][tid], total, ST);
    }
    return NULL;
}

int main(void) { return run_with_block_barriers(kernel, block_barrier, check); }
