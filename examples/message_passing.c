/* Message passing: the producer publishes `data` through `flag` with release/acquire, so a
   consumer that sees the flag also sees the data. scopemc: no errors, 2 executions. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

void *producer(void *arg)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return NULL;
}

void *consumer(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
        assert(data == 42);
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    return 0;
}
