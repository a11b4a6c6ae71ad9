// GenMC's thread calls (the create call returns the id, join the thread's value) and
// __VERIFIER_nondet_int, which gives each call one value: the verdict is bounded.
#include <genmc.h>
#include <stdatomic.h>

atomic_int x;

void *worker(void *arg) {
  atomic_fetch_add(&x, 1);
  return (void *)((long)arg * 2);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_thread_t a = __VERIFIER_spawn(worker, (void *)3L);
  __VERIFIER_thread_t b = __VERIFIER_spawn(worker, (void *)(long)(n & 1));
  long ra = (long)__VERIFIER_join(a);
  long rb = (long)__VERIFIER_join(b);
  __VERIFIER_assert(ra == 6 && rb == 2 * (n & 1));
  __VERIFIER_assert(atomic_load(&x) == 2);
  return 0;
}
