/* Neighbour exchange through a block barrier, one block of 4 threads, GPUMC style: one
   pthread_barrier_t per block. -DNO_BARRIER: the reads race with the neighbours' writes. */
#include <assert.h>
#include <genmc.h>
#include <pthread.h>

#define THREADS 4
int a[THREADS];
pthread_barrier_t bar;

void *worker(void *arg) {
  long t = (long)arg;
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(t);
  a[t] = (int)t + 1;
#ifndef NO_BARRIER
  pthread_barrier_wait(&bar);
#endif
  assert(a[(t + 1) % THREADS] == (int)(t + 1) % THREADS + 1);
  return NULL;
}

int main(void) {
  pthread_t th[THREADS];
  pthread_barrier_init(&bar, NULL, THREADS);
  for (long t = 0; t < THREADS; ++t)
    pthread_create(&th[t], NULL, worker, (void *)t);
  return 0;
}
