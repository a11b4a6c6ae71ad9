// Two relaxed adds with unused results, ordered with T4's release store to c through flags,
// and a read of c by T2 whose first source is that store (it then happens after both adds).
// Another source of the read (an alternative, not a new event) leaves it unordered with the
// adds: the deferred updates' premise breaks there, and the search must start over generating
// their orders. Unchecked, the read could only see the adds in the order the search added
// them, and r == 2 (T3's add alone) was never reached: "No errors" where the assertion fails.
// The expected verdict follows from the program: T2 may run right after T3's add.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int c, f1, f3;
int r;
void *t1(void *a) {
  atomic_fetch_add_explicit(&c, 1, memory_order_relaxed);
  atomic_store_explicit(&f1, 1, memory_order_release);
  return 0;
}
void *t3(void *a) {
  atomic_fetch_add_explicit(&c, 2, memory_order_relaxed);
  atomic_store_explicit(&f3, 1, memory_order_release);
  return 0;
}
void *t4(void *a) {
  while (!atomic_load_explicit(&f1, memory_order_acquire))
    ;
  while (!atomic_load_explicit(&f3, memory_order_acquire))
    ;
  atomic_store_explicit(&c, 10, memory_order_release);
  return 0;
}
void *t2(void *a) {
  r = atomic_load_explicit(&c, memory_order_acquire);
  return 0;
}
int main(void) {
  pthread_t a, b, d, e;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t3, 0);
  pthread_create(&d, 0, t4, 0);
  pthread_create(&e, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(d, 0);
  pthread_join(e, 0);
  assert(r != 2);
  return 0;
}
