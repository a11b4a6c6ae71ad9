/* Block reduction: each thread puts its input in the block's shared array, then the block
   halves it in log2(THREADS) steps (threads below the stride add the element one stride
   away), each step's values published with seq_cst stores and read with seq_cst loads
   (SC=0: release and acquire) at work-group scope, with a block barrier after each step.
   Thread 0 publishes the block's sum at device scope. THREADS must be a power of two.
     VARIANT=0  race-free: one execution, every block's sum checked
     VARIANT=1  thread 0 also looks back at the previous block's sum (a decoupled look-back)
                at work-group scope without synchronisation: a heterogeneous race */
#include "gpu.h"

atomic_int shared_sum[BLOCKS][THREADS];
atomic_int block_sum[BLOCKS];
atomic_int look_back[BLOCKS];
pthread_barrier_t block_barrier[BLOCKS];

static int input(int gid) { return (gid * 5 + 2) % 7; }

static void check(void)
{
    if (VARIANT != 0)
        return;
    for (int b = 0; b < BLOCKS; b++) {
        int want = 0;
        for (int g = b * THREADS; g < (b + 1) * THREADS; g++)
            want += input(g);
        assert(atomic_load_explicit(&block_sum[b], memory_order_relaxed) == want);
    }
}

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS;
    place(gid);
    __VERIFIER_memory_scope_work_group();
    atomic_store_explicit(&shared_sum[bid][tid], input(gid), ST);
    pthread_barrier_wait(&block_barrier[bid]);
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) {
            int v = atomic_load_explicit(&shared_sum[bid][tid], LD) +
                    atomic_load_explicit(&shared_sum[bid][tid + stride], LD);
            atomic_store_explicit(&shared_sum[bid][tid], v, ST);
        }
        pthread_barrier_wait(&block_barrier[bid]);
    }
    if (tid == 0) {
        int sum = atomic_load_explicit(&shared_sum[bid][0], LD);
#if VARIANT == 1
        if (bid > 0)
            atomic_store_explicit(&look_back[bid], atomic_load_explicit(&block_sum[bid - 1], LD), ST);
#endif
        __VERIFIER_memory_scope_device();
        atomic_store_explicit(&block_sum[bid], sum, ST);
    }
    return NULL;
}

int main(void) { return run_with_block_barriers(kernel, block_barrier, check); }
