/* Neighbour exchange in one block of 3 threads through the block's barrier: each thread
   writes its slot, waits, then reads its neighbour's slot. The barrier orders every write
   before every read (docs/model.md §5): one execution, no race. */
#include <pthread.h>
#include <assert.h>
#include <stdint.h>
#include <genmc.h>

#define T 3
int slot[T];
pthread_barrier_t block0;

void *thread(void *arg)
{
    int tid = (int)(intptr_t)arg;
    __VERIFIER_thread_kernel_id(0);
    __VERIFIER_thread_group_id(0);
    __VERIFIER_thread_local_id(tid);
    slot[tid] = tid + 1;
#ifndef NO_BARRIER
    pthread_barrier_wait(&block0);
#endif
    int v = slot[(tid + 1) % T];
    assert(v == (tid + 1) % T + 1);
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    pthread_barrier_init(&block0, NULL, T);
    for (int i = 0; i < T; i++)
        pthread_create(&t[i], NULL, thread, (void *)(intptr_t)i);
    return 0;
}
