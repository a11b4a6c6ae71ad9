// Two threads increment one counter with a relaxed load and a relaxed store: a lost update
// (RW|RW, docs/model.md §6) that is no data race. -DLOCKED (a mutex around both accesses),
// -DCASLOOP (a compare-and-exchange retry loop) and -DSPIN (a thread spinning on a flag
// another sets) have no atomicity violation.
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t(void *a) {
#ifdef LOCKED
  pthread_mutex_lock(&m);
  int v = atomic_load_explicit(&x, memory_order_relaxed);
  atomic_store_explicit(&x, v + 1, memory_order_relaxed);
  pthread_mutex_unlock(&m);
#elif defined(CASLOOP)
  int v = atomic_load_explicit(&x, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(&x, &v, v + 1, memory_order_relaxed, memory_order_relaxed));
#elif defined(SPIN)
  if (a) { while (!atomic_load_explicit(&flag, memory_order_relaxed)); }
  else atomic_store_explicit(&flag, 1, memory_order_relaxed);
#else
  int v = atomic_load_explicit(&x, memory_order_relaxed);
  atomic_store_explicit(&x, v + 1, memory_order_relaxed);
#endif
  return 0;
}
int main() { pthread_t a, b; pthread_create(&a, 0, t, 0); pthread_create(&b, 0, t, (void*)1); pthread_join(a, 0); pthread_join(b, 0); return 0; }
