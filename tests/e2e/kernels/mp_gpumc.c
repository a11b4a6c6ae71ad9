/* Message passing from block 0 to block 1, GPUMC style. -DBLOCK_SCOPE: the flag's release
   and acquire are work-group scoped, which does not include the other block. */
#include <assert.h>
#include <genmc.h>
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag;

static void scope(void) {
#ifdef BLOCK_SCOPE
  __VERIFIER_memory_scope_work_group();
#else
  __VERIFIER_memory_scope_device();
#endif
}

void *producer(void *arg) {
  __VERIFIER_thread_group_id(0);
  __VERIFIER_thread_local_id(0);
  scope();
  data = 42;
  atomic_store_explicit(&flag, 1, memory_order_release);
  return NULL;
}

void *consumer(void *arg) {
  __VERIFIER_thread_group_id(1);
  __VERIFIER_thread_local_id(0);
  scope();
  if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
    assert(data == 42);
  return NULL;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  return 0;
}
