// GPUMC-style message passing between two blocks: the flag's accesses are block-scoped.
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <genmc.h>

atomic_int data, flag;

void *producer(void *arg)
{
  __VERIFIER_thread_group_id(0);
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&data, 42, memory_order_relaxed);
  __VERIFIER_memory_scope_work_group();
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *consumer(void *arg)
{
  __VERIFIER_thread_group_id(1);
  __VERIFIER_memory_scope_work_group();
  int f = atomic_load_explicit(&flag, memory_order_acquire);
  __VERIFIER_memory_scope_device();
  int d = atomic_load_explicit(&data, memory_order_relaxed);
  if (f)
    assert(d == 42);
  return NULL;
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, NULL, producer, NULL);
  pthread_create(&b, NULL, consumer, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
