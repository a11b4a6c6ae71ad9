// Cases at the edges of the atomicity check's definition (docs/model.md §6), one per -D:
// GAP: crossed writes with another location's store between each thread's two (T1: x, z, y;
//   T2: y, w, x): the pair need not be adjacent, W1W2|W2W1.
// NOOP_OTHER: the other thread's add of 0 writes what it read: it is a read, not the write a
//   pattern needs between T1's two loads; no violation.
// UNUSED: T1 "reads" twice with adds of 0 whose results are unused, T2 adds 1: T1 never sees
//   a value, so there is no pair (an update with a dead result is one atomic step); and the
//   same with the results used (USED): RR|W.
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
atomic_int x, y, z, w;
int r1, r2;

void *t1(void *arg) {
#if defined(GAP)
  atomic_store_explicit(&x, 1, RLX);
  atomic_store_explicit(&z, 1, RLX);
  atomic_store_explicit(&y, 1, RLX);
#elif defined(NOOP_OTHER)
  r1 = atomic_load_explicit(&x, RLX);
  r2 = atomic_load_explicit(&x, RLX);
#elif defined(USED)
  r1 = atomic_fetch_add_explicit(&x, 0, RLX);
  r2 = atomic_fetch_add_explicit(&x, 0, RLX);
#else
  atomic_fetch_add_explicit(&x, 0, RLX);
  atomic_fetch_add_explicit(&x, 0, RLX);
#endif
  return arg;
}

void *t2(void *arg) {
#if defined(GAP)
  atomic_store_explicit(&y, 2, RLX);
  atomic_store_explicit(&w, 2, RLX);
  atomic_store_explicit(&x, 2, RLX);
#elif defined(NOOP_OTHER)
  atomic_fetch_add_explicit(&x, 0, RLX);
#else
  atomic_fetch_add_explicit(&x, 1, RLX);
#endif
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
