/* The Xiao & Feng inter-block barrier: every block synchronises internally (one
   pthread_barrier_t per block), its leader raises the block's arrival flag, the threads of
   block 0 wait for all arrival flags and raise the release flags, and every leader waits
   for its release flag. Each thread writes its slot before the barrier and reads a slot
   of the next block after it: race-free and always the written value when the flags are
   release/acquire at device scope. With -DSERVED=k the master block raises only the first k
   release flags: the leaders of the other blocks spin for ever while their blocks wait at the
   block barrier (barrier divergence). */
#include "gpu.h"
#ifndef SERVED
#define SERVED BLOCKS
#endif

atomic_int arrive[BLOCKS], release_flag[BLOCKS];
int slot[NTHREADS];
pthread_barrier_t block_barrier[BLOCKS];

static void check(void) {}

static void sync_block(int bid) { pthread_barrier_wait(&block_barrier[bid]); }

void *kernel(void *arg)
{
    int gid = (int)(intptr_t)arg, bid = gid / THREADS, tid = gid % THREADS;
    place(gid);
    __VERIFIER_memory_scope_system();
    slot[gid] = gid + 1;
    __VERIFIER_memory_scope_device();

    sync_block(bid);
    if (tid == 0)
        atomic_store_explicit(&arrive[bid], 1, REL);
    if (bid == 0) {
        for (int b = tid; b < BLOCKS; b += THREADS)
            while (atomic_load_explicit(&arrive[b], ACQ) != 1)
                ;
        sync_block(0);
        for (int b = tid; b < SERVED; b += THREADS)
            atomic_store_explicit(&release_flag[b], 1, REL);
    }
    if (tid == 0)
        while (atomic_load_explicit(&release_flag[bid], ACQ) != 1)
            ;
    sync_block(bid);

    __VERIFIER_memory_scope_system();
    int other = (gid + THREADS) % NTHREADS;
    assert(slot[other] == other + 1);
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];
    for (int b = 0; b < BLOCKS; b++)
        pthread_barrier_init(&block_barrier[b], NULL, THREADS);
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, kernel, (void *)(intptr_t)i);
    return 0;
}
