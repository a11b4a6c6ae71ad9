// Found by a break-it helper (a wrong verdict). The zero-net-effect rule took main's block as
// unpublished: the pointer main writes is one past its end (-DPUB=0) or disguised by an xor
// (-DPUB=1), not an address inside it. The other thread writes 1 into the block; main's next
// store of 5 is then progress, but it was counted as a rewrite of what main last wrote, so
// the executions where the assertion fails were cut as a spin. Now the premise is checked on
// the execution (another thread accessed main's heap): the search starts over without the
// rule. main's loop is then unbounded: with --unroll 8 the failure is found (as with
// --no-reductions --unroll 8 and GenMC); without a bound the run never says "verified".
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdatomic.h>
atomic_uintptr_t endp;
atomic_int flag;
void *t(void *x) {
  uintptr_t e = atomic_load_explicit(&endp, memory_order_relaxed);
  if (e) {
#if PUB==0
    atomic_long *q = (atomic_long *)e - 1;
#else
    atomic_long *q = (atomic_long *)(e ^ 0x5a5a0);
#endif
    long v1 = atomic_load_explicit(q, memory_order_relaxed);
    if (v1 == 5) {
      atomic_store_explicit(q, 1, memory_order_relaxed);
      long v2 = atomic_load_explicit(q, memory_order_relaxed);
      if (v2 == 5) {
        atomic_store_explicit(q, 1, memory_order_relaxed);
        long v3 = atomic_load_explicit(q, memory_order_relaxed);
        assert(v3 != 5);
      }
    }
  }
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  return 0;
}
int main(void) {
  pthread_t th;
  pthread_create(&th, 0, t, 0);
  atomic_long *p = calloc(1, sizeof(atomic_long));
#if PUB==0
  atomic_store_explicit(&endp, (uintptr_t)(p + 1), memory_order_relaxed);
#else
  atomic_store_explicit(&endp, (uintptr_t)p ^ 0x5a5a0, memory_order_relaxed);
#endif
  while (!atomic_load_explicit(&flag, memory_order_relaxed))
    atomic_store_explicit(p, 5, memory_order_relaxed);
  pthread_join(th, 0);
  return 0;
}
