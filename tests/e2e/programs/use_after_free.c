/* The main thread frees a buffer that the worker may still read. */
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *worker(void *arg)
{
    int v = buf[0];
    (void)v;
    return NULL;
}

int main(void)
{
    buf = malloc(sizeof(int));
    buf[0] = 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    free(buf);
    pthread_join(t, NULL);
    return 0;
}
