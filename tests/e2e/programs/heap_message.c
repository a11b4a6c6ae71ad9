/* A heap buffer published through a release/acquire pointer: no race, no memory error. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

_Atomic(int *) shared;

void *producer(void *arg)
{
    int *p = malloc(sizeof(int));
    *p = 7;
    atomic_store_explicit(&shared, p, memory_order_release);
    return NULL;
}

void *consumer(void *arg)
{
    int *p = atomic_load_explicit(&shared, memory_order_acquire);
    if (p)
        assert(*p == 7);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, producer, NULL);
    pthread_create(&b, NULL, consumer, NULL);
    return 0;
}
