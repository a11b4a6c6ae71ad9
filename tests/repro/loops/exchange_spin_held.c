// A test-and-set lock taken with an exchange: thread a returns holding it when it saw b's
// flag, and b then spins on the exchange for ever (main waits to join it). The exchange
// writes back the 1 it read, so the spin iteration made no progress and was cut; the end of
// the execution asked whether the loop read the latest writes, and the latest was the
// exchange's own write-back, not its source: the hang was taken for a wait another thread
// could end, and the run said "No errors were detected" (found by a break-it helper).
// -DCAS takes the lock with a compare-exchange instead (reported before too); -DFIXED
// always releases it (no error).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock, flag;
int data;

static void take(void) {
#ifdef CAS
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, memory_order_acquire,
                                                  memory_order_relaxed))
    expected = 0;
#else
  while (atomic_exchange_explicit(&lock, 1, memory_order_acquire))
    ;
#endif
}

static void give(void) { atomic_store_explicit(&lock, 0, memory_order_release); }

void *a(void *arg) {
  take();
  data++;
#ifndef FIXED
  if (atomic_load_explicit(&flag, memory_order_relaxed))
    return arg; // the mistake: it still holds the lock
#endif
  give();
  return arg;
}

void *b(void *arg) {
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  take();
  data++;
  give();
  return arg;
}

int main(void) {
  pthread_t ta, tb;
  pthread_create(&ta, 0, a, 0);
  pthread_create(&tb, 0, b, 0);
  pthread_join(ta, 0);
  pthread_join(tb, 0);
  assert(data == 2);
  return 0;
}
