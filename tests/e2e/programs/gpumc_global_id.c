// GPUMC placement by global id: with a group size of GS, global ids 0 and 1 are threads 0 and
// 1 of block 0 (GS = 2: work-group scoped atomics synchronise) or thread 0 of blocks 0 and 1
// (GS = 1: the same atomics race heterogeneously; gpumc_global_id_two_blocks.c). The group
// size is given after the global id in one thread, before it in the other.
#include <genmc.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef GS
#define GS 2
#endif

atomic_int x;

void *worker(void *arg) {
  int g = (int)(long)arg;
  if (g == 0) {
    __VERIFIER_thread_global_id(g);
    __VERIFIER_groupsize(GS);
  } else {
    __VERIFIER_groupsize(GS);
    __VERIFIER_thread_global_id(g);
  }
  __VERIFIER_memory_scope_work_group();
  atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)0L);
  pthread_create(&b, 0, worker, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
