/* SB-N: N threads in a ring; thread i writes x[i] then reads x[i+1 mod N] (relaxed).
   Every read may see the initial value or the write: 2^N executions. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef N
#define N 8
#endif

atomic_int x[N];

void *worker(void *arg)
{
    int i = (int)(intptr_t)arg;
    atomic_store_explicit(&x[i], 1, memory_order_relaxed);
    int a = atomic_load_explicit(&x[(i + 1) % N], memory_order_relaxed);
    (void)a;
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
    return 0;
}
