/* pthread_join delivers the thread's result and synchronises with its end. */
#include <pthread.h>
#include <assert.h>
#include <stdint.h>

int data;

void *worker(void *arg)
{
    data = 41;
    return (void *)(intptr_t)((intptr_t)arg + 1);
}

int main(void)
{
    pthread_t t;
    void *res;
    pthread_create(&t, NULL, worker, (void *)41);
    pthread_join(t, &res);
    assert((intptr_t)res == 42);
    assert(data == 41);
    return 0;
}
