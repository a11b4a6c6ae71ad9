// A thread that spins for ever on a flag nobody raises while its peer waits for it at their
// pthread barrier: the peer hangs, reported although the execution is only blocked (the spin
// loop read the latest value and no thread can write any more). The threads are host threads,
// so the hang is a deadlock (docs/model.md §6: a barrier phase nobody completes stays a
// deadlock after main's return, the spinning thread alone would not). With -DRAISED a third
// thread raises the flag and everything finishes.
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

atomic_int flag;
pthread_barrier_t bar;

void *waiter(void *arg)
{
    if ((intptr_t)arg == 0)
        while (atomic_load_explicit(&flag, memory_order_acquire) == 0)
            ;
    pthread_barrier_wait(&bar);
    return NULL;
}

void *raiser(void *arg)
{
#ifdef RAISED
    atomic_store_explicit(&flag, 1, memory_order_release);
#endif
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    pthread_barrier_init(&bar, NULL, 2);
    pthread_create(&t[0], NULL, waiter, (void *)0);
    pthread_create(&t[1], NULL, waiter, (void *)1);
    pthread_create(&t[2], NULL, raiser, NULL);
    return 0;
}
