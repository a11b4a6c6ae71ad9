// Two relaxed fetch-adds on one counter; the first thread shifts by what its add read. When
// its add comes second it reads 1, and a shift by 40 of a 32-bit int is undefined: the
// commuting-updates reduction took the result as unused (only a shift used it) and explored
// the one order where the add reads 0.
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;

void *shifter(void *arg) {
  int seen = atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  int bits = 1 << (seen * 40);
  (void)bits;
  return arg;
}

void *adder(void *arg) {
  atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, shifter, 0);
  pthread_create(&b, 0, adder, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
