#include <pthread.h>
#include <stdint.h>

union { uint32_t word; uint16_t half[2]; } u;

void *worker(void *arg)
{
    u.half[1] = 1;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    u.word = 5;
    pthread_join(t, NULL);
    return 0;
}
