/* fai-N: N threads each do one relaxed fetch-add on one location: N! executions (one per
   order of the RMWs in coherence). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#ifndef N
#define N 6
#endif

atomic_int x;

void *worker(void *arg)
{
    atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    assert(atomic_load_explicit(&x, memory_order_relaxed) == N);
    return 0;
}
