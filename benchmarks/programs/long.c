/* long-sc-N / long-rlx-N: 2 threads each store and load their own slot N times (ORDER:
   memory_order_seq_cst or memory_order_relaxed), then store and load one shared atomic. The
   slot accesses of a thread are ordered by coherence and po, the shared store/load pair gives
   4 executions whatever N is: the cost of one execution should grow linearly with N. */
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 100
#endif
#ifndef ORDER
#define ORDER memory_order_seq_cst
#endif

atomic_int slot[2];
atomic_int shared;

void *worker(void *arg)
{
    int id = (int)(long)arg;
    for (int i = 1; i <= N; i++) {
        atomic_store_explicit(&slot[id], i, ORDER);
        (void)atomic_load_explicit(&slot[id], ORDER);
    }
    atomic_store_explicit(&shared, id + 1, ORDER);
    (void)atomic_load_explicit(&shared, ORDER);
    return NULL;
}

int main(void)
{
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, worker, (void *)(long)i);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    return 0;
}
