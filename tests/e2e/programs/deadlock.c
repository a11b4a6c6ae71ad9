/* Two threads take two mutexes in opposite orders. */
#include <pthread.h>

pthread_mutex_t a, b;

void *t0(void *arg)
{
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return NULL;
}

void *t1(void *arg)
{
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return NULL;
}

int main(void)
{
    pthread_t x, y;
    pthread_create(&x, NULL, t0, NULL);
    pthread_create(&y, NULL, t1, NULL);
    return 0;
}
