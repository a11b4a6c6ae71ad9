// A GPUMC weak access (made plain by __VERIFIER_weak_access) races with a device-scoped
// atomic of another block: it becomes a relaxed atomic of device scope.
#include <pthread.h>
#include <stdatomic.h>
#include <genmc.h>

atomic_int x;

void *writer(void *arg)
{
  __VERIFIER_thread_group_id(0);
  __VERIFIER_memory_scope_device();
  __VERIFIER_weak_access();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

void *reader(void *arg)
{
  __VERIFIER_thread_group_id(1);
  __VERIFIER_memory_scope_device();
  atomic_load_explicit(&x, memory_order_relaxed);
  return NULL;
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, NULL, writer, NULL);
  pthread_create(&b, NULL, reader, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
