// A thread created only in some executions (r creates nop when it reads w's store). A revisit
// removed the creation, and another event took its position: the thread still counted as
// existing, and replaying it read that event as its creation (segfault). GenMC: no errors, 4.
#include <pthread.h>
#include <stdatomic.h>
atomic_int F, D;
pthread_t t1, t2, t3, t4, t6;
void *nop(void *a) { return 0; }
void *inc(void *a) { atomic_store_explicit(&D, 1, memory_order_relaxed); return 0; }
void *mkinc(void *a) { pthread_create(&t4, 0, inc, 0); return 0; }
void *w(void *a) { atomic_store_explicit(&F, 1, memory_order_relaxed); return 0; }
void *r(void *a) {
  if (atomic_load_explicit(&F, memory_order_relaxed))
    pthread_create(&t6, 0, nop, 0);
  return 0;
}
int main(void) {
  pthread_create(&t1, 0, w, 0);
  pthread_create(&t2, 0, r, 0);
  pthread_create(&t3, 0, mkinc, 0);
  (void)atomic_load_explicit(&D, memory_order_relaxed);
  return 0;
}
