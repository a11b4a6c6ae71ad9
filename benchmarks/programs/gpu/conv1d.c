/* A 1-D convolution kernel (weights 1 2 1): each block stages its inputs and halo in its
   shared tile, synchronises, computes one output per thread and publishes it with a
   seq_cst store (SC=0: release), synchronises again, and its thread 0 sums the block's
   outputs (seq_cst loads; SC=0: acquire) into the block's partial sum at device scope.
   Outputs are published at work-group scope: right for the block's own leader.
     VARIANT=0  race-free: one execution, every partial sum checked
     VARIANT=1  the leader also reads the previous block's last output, at work-group
                scope and without synchronisation: a heterogeneous race */
#include "gpu.h"

int in[NTHREADS + 2];
atomic_int out[NTHREADS];
atomic_int partial[BLOCKS];
int tile[BLOCKS][THREADS + 2];
pthread_barrier_t block_barrier[BLOCKS];

static int input(int i) { return (i * 7) % 5; }

static void check(void)
{
    if (VARIANT != 0)
        return;
    for (int b = 0; b < BLOCKS; b++) {
        int want = 0;
        for (int g = b * THREADS; g < (b + 1) * THREADS; g++)
            want += input(g) + 2 * input(g + 1) + input(g + 2);
        assert(atomic_load_explicit(&partial[b], memory_order_relaxed) == want);
    }
}

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS;
    place(gid);
    tile[bid][tid + 1] = in[gid + 1];
    if (tid == 0)
        tile[bid][0] = in[gid];
    if (tid == THREADS - 1)
        tile[bid][THREADS + 1] = in[gid + 2];
    pthread_barrier_wait(&block_barrier[bid]);
    int v = tile[bid][tid] + 2 * tile[bid][tid + 1] + tile[bid][tid + 2];
    __VERIFIER_memory_scope_work_group();
    atomic_store_explicit(&out[gid], v, ST);
    pthread_barrier_wait(&block_barrier[bid]);
    if (tid == 0) {
        int sum = 0;
        for (int k = 0; k < THREADS; k++)
            sum += atomic_load_explicit(&out[gid + k], LD);
#if VARIANT == 1
        if (bid > 0)
            (void)atomic_load_explicit(&out[gid - 1], LD);
#endif
        __VERIFIER_memory_scope_device();
        atomic_store_explicit(&partial[bid], sum, ST);
    }
    return NULL;
}

int main(void)
{
    for (int i = 0; i < NTHREADS + 2; i++)
        in[i] = input(i);
    return run_with_block_barriers(kernel, block_barrier, check);
}
