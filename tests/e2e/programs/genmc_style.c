/* A GenMC-style program: <genmc.h> declarations, __VERIFIER_assume cutting executions. */
#include <pthread.h>
#include <stdatomic.h>
#include <genmc.h>

atomic_int x, y;

void *writer(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_release);
    return NULL;
}

void *reader(void *arg)
{
    int a = atomic_load_explicit(&y, memory_order_acquire);
    __VERIFIER_assume(a == 1);
    __VERIFIER_assert(atomic_load_explicit(&x, memory_order_relaxed) == 1);
    return NULL;
}

int main(void)
{
    pthread_t t0, t1;
    pthread_create(&t0, NULL, writer, NULL);
    pthread_create(&t1, NULL, reader, NULL);
    return 0;
}
