/* Message passing with relaxed atomics: nothing orders `data` with `flag`, so the consumer
   can see the flag and read `data` concurrently: scopemc reports the data race. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

void *producer(void *arg)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

void *consumer(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_relaxed) == 1)
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
