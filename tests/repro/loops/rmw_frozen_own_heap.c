// Found by a break-it helper (a wrong verdict: "No errors" where --no-reductions --unroll 4
// finds the assertion; fixed: SpinPruner::frozenAfterRmw keeps a block that relies on its own
// heap, so the end of the execution checks the premise).
// Zero-net-effect + frozenAfterRmw. Thread a's spin iteration rewrites its own (unpublished-
// looking: the address escapes one past the end) heap word and ends with an exchange that
// writes back what it read (a failed test-and-set). When the exchange reads the old 1 (not
// the co-maximal write), SpinPruner::frozenAfterRmw drops the branch as frozen: the block
// relies on the own-heap premise (reliesOnOwnHeap) but is dropped before the execution ends,
// so ownHeapReached is never checked. When it reads h's 0 (co-maximal) a leaves the loop.
// So no explored execution ends with a blocked by the rewrite while b touched its block:
// no restart, and a's second, third... iterations (which b observes) are never explored.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdatomic.h>
atomic_uintptr_t endp;
atomic_int L = 1;
void *h(void *x) { atomic_store_explicit(&L, 0, memory_order_relaxed); return 0; }
void *b(void *x) {
  uintptr_t e = atomic_load_explicit(&endp, memory_order_relaxed);
  if (e) {
    atomic_long *q = (atomic_long *)e - 1;
    long v1 = atomic_load_explicit(q, memory_order_relaxed);
    if (v1 == 5) {
      atomic_store_explicit(q, 1, memory_order_relaxed);
      long v2 = atomic_load_explicit(q, memory_order_relaxed);
      if (v2 == 5) {
        atomic_store_explicit(q, 1, memory_order_relaxed);
        long v3 = atomic_load_explicit(q, memory_order_relaxed);
        assert(v3 != 5); // needs three writes of 5 by a: its pre-loop one and two iterations
      }
    }
  }
  return 0;
}
void *a(void *x) {
  atomic_long *p = calloc(1, sizeof(atomic_long));
  atomic_store_explicit(p, 5, memory_order_relaxed);
  atomic_store_explicit(&endp, (uintptr_t)(p + 1), memory_order_relaxed);
  do {
    atomic_store_explicit(p, 5, memory_order_relaxed);
  } while (atomic_exchange_explicit(&L, 1, memory_order_relaxed) == 1);
  return 0;
}
int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, h, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_create(&t3, 0, a, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  return 0;
}
