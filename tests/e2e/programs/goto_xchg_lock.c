// An exchange spin lock written with goto, with GPUMC annotations inside the loop: a failed
// exchange writes back the 1 it read (no effect), so its iteration is cut (docs/dpor.md §4).
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <genmc.h>

atomic_int lock;
int counter;

void *worker(void *arg)
{
retry:
  __VERIFIER_memory_scope_device();
  if (atomic_exchange_explicit(&lock, 1, memory_order_acquire))
    goto retry;
  counter = counter + 1;
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&lock, 0, memory_order_release);
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
