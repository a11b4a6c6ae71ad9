/* Two blocks of two threads, each block with its own barrier (GPUMC style: one
   pthread_barrier_t per block). Inside a block the barrier orders the exchange; across
   blocks it does not: thread 0 of block 1 reads what thread 0 of block 0 wrote, a race. */
#include <pthread.h>
#include <stdint.h>
#include <genmc.h>

int slot[4];
pthread_barrier_t bar[2];

void *thread(void *arg)
{
    int g = (int)(intptr_t)arg, block = g / 2, local = g % 2;
    __VERIFIER_thread_kernel_id(0);
    __VERIFIER_thread_group_id(block);
    __VERIFIER_thread_local_id(local);
    slot[g] = g + 1;
    pthread_barrier_wait(&bar[block]);
#ifdef CROSS_BLOCK
    int v = slot[(g + 2) % 4]; /* the same position in the other block */
#else
    int v = slot[block * 2 + (local + 1) % 2]; /* the neighbour in this block */
#endif
    (void)v;
    return NULL;
}

int main(void)
{
    pthread_t t[4];
    pthread_barrier_init(&bar[0], NULL, 2);
    pthread_barrier_init(&bar[1], NULL, 2);
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, thread, (void *)(intptr_t)i);
    return 0;
}
