/* caslock-N: N threads increment a counter inside a compare-and-swap spin lock. Each order
   in which the threads take the lock is one execution: N! executions, no errors. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#ifndef N
#define N 3
#endif

atomic_int lock;
int counter;

void *worker(void *arg)
{
    int expected = 0;
    while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, memory_order_acquire,
                                                    memory_order_relaxed))
        expected = 0;
    counter = counter + 1;
    atomic_store_explicit(&lock, 0, memory_order_release);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    assert(counter == N);
    return 0;
}
