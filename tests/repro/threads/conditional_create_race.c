// The same slip made a second inc thread run from another thread's creation: a data race on
// S between inc and itself was reported (T6, created by nothing). GenMC: no errors, 3.
#include <pthread.h>
#include <stdatomic.h>
atomic_int F;
int S;
pthread_t t1, t2, t3, t4, t5, t6, t7;
void *nop(void *a) { return 0; }
void *spin(void *a) {
  if (!atomic_load_explicit(&F, memory_order_relaxed))
    (void)atomic_load_explicit(&F, memory_order_relaxed);
  return 0;
}
void *mk(void *a) { pthread_create(&t5, 0, nop, 0); return 0; }
void *sig(void *a) { atomic_store_explicit(&F, 1, memory_order_release); return 0; }
void *mksig(void *a) { pthread_create(&t6, 0, sig, 0); return 0; }
void *inc(void *a) { S++; return 0; }
int main(void) {
  pthread_create(&t1, 0, spin, 0);
  pthread_create(&t2, 0, mk, 0);
  pthread_create(&t3, 0, nop, 0);
  pthread_join(t3, 0);
  pthread_create(&t4, 0, mksig, 0);
  pthread_create(&t7, 0, inc, 0);
  return 0;
}
