/* The neighbour exchange with the GPUMC block barrier __VERIFIER_syncthread (block scope):
   threads of one block synchronise; with TWO_BLOCKS the neighbour sits in another block and
   the exchange races. */
#include <pthread.h>
#include <stdint.h>
#include <genmc.h>

int slot[2];

void *thread(void *arg)
{
    int tid = (int)(intptr_t)arg;
    __VERIFIER_thread_kernel_id(0);
#ifdef TWO_BLOCKS
    __VERIFIER_thread_group_id(tid);
    __VERIFIER_thread_local_id(0);
    __VERIFIER_groupsize(1);
#else
    __VERIFIER_thread_group_id(0);
    __VERIFIER_thread_local_id(tid);
    __VERIFIER_groupsize(2);
#endif
    slot[tid] = 1;
    __VERIFIER_syncthread();
    int v = slot[1 - tid];
    (void)v;
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, thread, (void *)(intptr_t)i);
    return 0;
}
