// With a conditional creation, --no-reductions counted 47 executions where GenMC counts 42
// (the same program without the conditional creation: 42 in both).
#include <pthread.h>
#include <stdatomic.h>
atomic_int F;
atomic_int D;
pthread_t ta, tb, tc, td, te, tf, tg, th;
void *nop(void *a) { return 0; }
void *inc(void *a) { atomic_fetch_add_explicit(&D, 1, memory_order_relaxed); return 0; }
void *mkinc(void *a) { pthread_create((pthread_t *)a, 0, inc, 0); return 0; }
void *w(void *a) { (void)atomic_load_explicit(&D, memory_order_relaxed); atomic_store_explicit(&F, 1, memory_order_release); return 0; }
void *z(void *a) { atomic_fetch_add_explicit(&F, 1, memory_order_relaxed); return 0; }
void *r(void *a) {
  if (atomic_load_explicit(&F, memory_order_acquire) == 2) {
    atomic_fetch_add_explicit(&D, 1, memory_order_relaxed);
    pthread_create(&th, 0, nop, 0);
  }
  return 0;
}
int main(void) {
  pthread_create(&ta, 0, w, 0);
  pthread_create(&tb, 0, z, 0);
  pthread_create(&tc, 0, r, 0);
  pthread_create(&td, 0, mkinc, &te);
  pthread_create(&tf, 0, mkinc, &tg);
  return 0;
}
