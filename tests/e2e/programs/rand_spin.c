// A wait that also leaves when rand() draws an odd number. An iteration that drew a number
// does not repeat the one before it (the next draw may leave the loop), so it is no spin:
// taken for one, the thread was cut after its first (even) draw, and the execution where it
// leaves with the flag still 0, failing the assertion, was lost.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
atomic_int flag;
void *waiter(void *arg) {
  (void)arg;
  while (atomic_load_explicit(&flag, memory_order_relaxed) == 0 && rand() % 2 == 0)
    ;
  assert(atomic_load_explicit(&flag, memory_order_relaxed) == 1);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  atomic_store(&flag, 1);
  pthread_join(t, 0);
  return 0;
}
