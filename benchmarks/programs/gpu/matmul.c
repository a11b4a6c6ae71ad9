/* Shared-memory matrix multiply (C = A x B, square matrices of BLOCKS*THREADS rows): block b
   computes rows b*THREADS .. b*THREADS+THREADS-1 of C. For each tile of THREADS columns of A
   (and rows of B), every thread stages one row of the A tile in the block's shared tile,
   the block synchronises, each thread accumulates its row of C from the tile, and the block
   synchronises again before the next tile. Each thread then publishes its row's sum with a
   seq_cst store (SC=0: release) at work-group scope, and thread 0 of the block adds the
   block's sums into the block's result at device scope.
     VARIANT=0  race-free: one execution, every row checked
     VARIANT=1  thread 0 also reads the first row sum of the next block, at work-group
                scope and without synchronisation: a heterogeneous race */
#include "gpu.h"

#define DIM NTHREADS

int a[DIM][DIM], b[DIM][DIM], c[DIM][DIM];
int tile[BLOCKS][THREADS][THREADS];
atomic_int rowsum[DIM];
atomic_int blocksum[BLOCKS];
pthread_barrier_t block_barrier[BLOCKS];

static int ea(int i, int j) { return (i + 2 * j) % 3; }
static int eb(int i, int j) { return (2 * i + j) % 5; }

static void check(void)
{
    if (VARIANT != 0)
        return;
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++) {
            int want = 0;
            for (int k = 0; k < DIM; k++)
                want += ea(i, k) * eb(k, j);
            assert(c[i][j] == want);
        }
}

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS, row = gid;
    place(gid);
    int acc[DIM];
    for (int j = 0; j < DIM; j++)
        acc[j] = 0;
    for (int t = 0; t < DIM / THREADS; t++) {
        for (int k = 0; k < THREADS; k++)
            tile[bid][tid][k] = a[row][t * THREADS + k];
        pthread_barrier_wait(&block_barrier[bid]);
        for (int k = 0; k < THREADS; k++)
            for (int j = 0; j < DIM; j++)
                acc[j] += tile[bid][tid][k] * b[t * THREADS + k][j];
        pthread_barrier_wait(&block_barrier[bid]);
    }
    int sum = 0;
    for (int j = 0; j < DIM; j++) {
        c[row][j] = acc[j];
        sum += acc[j];
    }
    __VERIFIER_memory_scope_work_group();
    atomic_store_explicit(&rowsum[row], sum, ST);
    pthread_barrier_wait(&block_barrier[bid]);
    if (tid == 0) {
        int total = 0;
        for (int k = 0; k < THREADS; k++)
            total += atomic_load_explicit(&rowsum[gid + k], LD);
#if VARIANT == 1
        if (bid + 1 < BLOCKS)
            (void)atomic_load_explicit(&rowsum[gid + THREADS], LD);
#endif
        __VERIFIER_memory_scope_device();
        atomic_store_explicit(&blocksum[bid], total, ST);
    }
    return NULL;
}

int main(void)
{
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++) {
            a[i][j] = ea(i, j);
            b[i][j] = eb(i, j);
        }
    return run_with_block_barriers(kernel, block_barrier, check);
}
