/* main holds a mutex T1 waits for, then fails an assertion: assert aborts the process, so T1
 * does not hang. Expected: the assertion violation only, no deadlock (with --keep-going, a
 * deadlock used to be reported beside it). -DRELEASE: main unlocks first, no error at all. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
atomic_int bad = 1;
void *waiter(void *a) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return a;
}
int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, waiter, 0);
#ifdef RELEASE
  atomic_store(&bad, 0);
  pthread_mutex_unlock(&m);
#endif
  assert(!atomic_load(&bad));
  pthread_join(t, 0);
  return 0;
}
