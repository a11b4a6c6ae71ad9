// One work_group annotation decides two stores of the producer: `local` is shared with a
// thread of the same block only, `flag` with a thread of another block. Only the flag's store
// must become device-scoped, so the annotation is split around it.
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <genmc.h>

atomic_int local, flag;

void *producer(void *arg)
{
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  __VERIFIER_memory_scope_work_group();
  atomic_store_explicit(&local, 1, memory_order_release);
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *neighbour(void *arg)
{
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(1);
  __VERIFIER_memory_scope_work_group();
  atomic_load_explicit(&local, memory_order_acquire);
  return NULL;
}

void *other_block(void *arg)
{
  __VERIFIER_thread_group_id(1);
  __VERIFIER_memory_scope_device();
  atomic_load_explicit(&flag, memory_order_acquire);
  return NULL;
}

int main(void)
{
  pthread_t t[3];
  pthread_create(&t[0], NULL, producer, NULL);
  pthread_create(&t[1], NULL, neighbour, NULL);
  pthread_create(&t[2], NULL, other_block, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  return 0;
}
