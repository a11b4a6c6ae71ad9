// From a break-it run: pthread_barrier_wait through a function pointer. Every thread got 0
// (an indirect call was taken as unobserved), so the count of serial threads was 0 and the
// assertion failed; POSIX makes exactly one thread serial, so it must pass.
#include <pthread.h>
#include <assert.h>
#include <stdatomic.h>
pthread_barrier_t b;
atomic_int serials;
typedef int (*waitfn_t)(pthread_barrier_t *);
void *t(void *arg) {
  waitfn_t w = (waitfn_t)arg;
  if (w(&b) == PTHREAD_BARRIER_SERIAL_THREAD)
    atomic_fetch_add(&serials, 1);
  return 0;
}
int main(void) {
  pthread_t a, d;
  pthread_barrier_init(&b, 0, 2);
  pthread_create(&a, 0, t, (void *)pthread_barrier_wait);
  pthread_create(&d, 0, t, (void *)pthread_barrier_wait);
  pthread_join(a, 0);
  pthread_join(d, 0);
  assert(atomic_load(&serials) == 1); /* POSIX: exactly one serial thread */
  return 0;
}
