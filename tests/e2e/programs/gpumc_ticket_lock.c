// A GPUMC-style ticket lock: the scope annotation stands before every atomic, inside the
// await loop too; the threads never place themselves (device 0, block 0: docs/model.md §1), so
// their device-scoped atomics include each other.
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <genmc.h>

atomic_int next_ticket, now_serving;
int counter;

void *worker(void *arg)
{
  __VERIFIER_memory_scope_device();
  int my = atomic_fetch_add_explicit(&next_ticket, 1, memory_order_relaxed);
  for (;;) {
    __VERIFIER_memory_scope_device();
    if (atomic_load_explicit(&now_serving, memory_order_acquire) == my)
      break;
  }
  counter = counter + 1;
  __VERIFIER_memory_scope_device();
  atomic_fetch_add_explicit(&now_serving, 1, memory_order_release);
  return NULL;
}

int main(void)
{
  pthread_t th[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&th[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(th[i], NULL);
  assert(counter == 2);
  return 0;
}
