/* A barrier for 2 threads inside `if (thread id is even)`: thread 1 never arrives, so
   thread 0 waits at an instance that can never complete. */
#include <pthread.h>
#include <stdint.h>
#include <genmc.h>

pthread_barrier_t bar;
int data;

void *thread(void *arg)
{
    int tid = (int)(intptr_t)arg;
    __VERIFIER_thread_kernel_id(0);
    __VERIFIER_thread_group_id(0);
    __VERIFIER_thread_local_id(tid);
    if (tid % 2 == 0)
        pthread_barrier_wait(&bar);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    pthread_barrier_init(&bar, NULL, 2);
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, thread, (void *)(intptr_t)i);
    return 0;
}
