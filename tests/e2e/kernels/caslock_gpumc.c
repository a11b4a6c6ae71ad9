/* CAS spin lock around a plain counter, 2 blocks x 2 threads, written for GPUMC: one pthread
   per GPU thread, placed and scoped by annotations. -DACQ=memory_order_relaxed: racy. */
#include <assert.h>
#include <genmc.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef ACQ
#define ACQ memory_order_acquire
#endif
#define BLOCKS 2
#define THREADS 2

atomic_int lock;
int counter;

void *worker(void *arg) {
  long id = (long)arg;
  __VERIFIER_thread_group_id(id / THREADS);
  __VERIFIER_thread_local_id(id % THREADS);
  __VERIFIER_groupsize(THREADS);
  __VERIFIER_memory_scope_device();
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, ACQ, memory_order_relaxed))
    expected = 0;
  counter = counter + 1;
  atomic_store_explicit(&lock, 0, memory_order_release);
  return NULL;
}

int main(void) {
  pthread_t t[BLOCKS * THREADS];
  for (long i = 0; i < BLOCKS * THREADS; ++i)
    pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < BLOCKS * THREADS; ++i)
    pthread_join(t[i], NULL);
  assert(counter == BLOCKS * THREADS);
  return 0;
}
