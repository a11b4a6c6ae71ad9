/* LB-N: N threads in a ring; thread i reads x[i] and writes x[i+1 mod N] (relaxed).
   Every read may see the initial value or its predecessor's write, except all at once
   (a po U rf cycle): 2^N - 1 executions. */
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
    int a = atomic_load_explicit(&x[i], memory_order_relaxed);
    (void)a;
    atomic_store_explicit(&x[(i + 1) % N], 1, memory_order_relaxed);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
    return 0;
}
