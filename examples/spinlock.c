/* Two threads increment a counter under a compare-and-swap spin lock. The spin loop's
   failed iterations are cut (docs/dpor.md §4): 2 complete executions, no errors. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int lock;
int counter;

void *worker(void *arg)
{
    int expected = 0;
    while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, memory_order_acquire,
                                                    memory_order_relaxed))
        expected = 0;
    counter++;
    atomic_store_explicit(&lock, 0, memory_order_release);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
