// Found by a break-it helper (a wrong verdict: "No errors"; GenMC and --no-reductions find the
// assertion). c reads y (an older value, not revisitable) and then parks in a loop that reads
// nothing: the branch was dropped as frozen (its last read was not added maximally), and b's
// failing assertion in it with it. Now only a read of the blocked iteration freezes it.
// Not the zero-net-effect rule (spin pruning): c reads an older y (0, while d's y = 1 is
// already in the graph), sets s and parks for ever in a loop that reads nothing. The
// branch is dropped as frozen (isFrozenForever: the last read before the block was not
// added maximally), and with it b's reading s == 1.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int y, s;
void *d(void *a) { atomic_store_explicit(&y, 1, memory_order_relaxed); return 0; }
void *c(void *a) {
  if (atomic_load_explicit(&y, memory_order_relaxed) == 0) {
    atomic_store_explicit(&s, 1, memory_order_relaxed);
    for (;;) {} // parks for ever (a constant controlling expression: no termination assumption)
  }
  return 0;
}
void *b(void *a) { assert(atomic_load_explicit(&s, memory_order_relaxed) == 0); return 0; }
int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, d, 0);
  pthread_create(&t2, 0, c, 0);
  pthread_create(&t3, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t3, 0);
  return 0;
}
