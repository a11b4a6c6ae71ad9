// The per-slot counters of counters.cu in GPUMC's style: 6 threads, each given its id, add 1
// to a[id % 3] with a relaxed fetch_add whose result is dropped; main checks each slot.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

atomic_int a[3];

void *count(void *arg) {
  int id = (int)(intptr_t)arg;
  atomic_fetch_add_explicit(&a[id % 3], 1, memory_order_relaxed);
  return NULL;
}

int main(void) {
  pthread_t t[6];
  for (int i = 0; i < 6; i++)
    pthread_create(&t[i], NULL, count, (void *)(intptr_t)i);
  for (int i = 0; i < 6; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < 3; i++)
    assert(atomic_load_explicit(&a[i], memory_order_relaxed) == 2);
  return 0;
}
