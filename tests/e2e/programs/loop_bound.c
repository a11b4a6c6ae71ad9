/* A thread stores in a loop of 5 iterations. Without a bound there is one execution; with
   --unroll 2 the loop is cut, so the verdict must be "bounded", never "verified". */
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *worker(void *arg)
{
    for (int i = 0; i < 5; i++)
        atomic_store_explicit(&x, i, memory_order_relaxed);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
