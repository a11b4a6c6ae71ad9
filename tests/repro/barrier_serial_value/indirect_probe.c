// pthread_barrier_wait called through a pointer: the serial-value analysis sees only direct
// calls, so an indirect one must count as observed. Each thread records whether it was
// serial; either may be (POSIX), so the probe that thread 1 never is must fail. It passed
// while indirect calls were taken as unobserved (nobody was ever serial).
#include <assert.h>
#include <pthread.h>

pthread_barrier_t b;
int out[3];
int (*volatile waitfn)(pthread_barrier_t *) = pthread_barrier_wait;

void *t(void *arg) {
  long id = (long)arg;
  int r = waitfn(&b);
  out[id] = (r == PTHREAD_BARRIER_SERIAL_THREAD);
  return 0;
}

int main(void) {
  pthread_t a, d;
  pthread_barrier_init(&b, 0, 2);
  pthread_create(&a, 0, t, (void *)1);
  pthread_create(&d, 0, t, (void *)2);
  pthread_join(a, 0);
  pthread_join(d, 0);
  assert(out[1] + out[2] == 1); // exactly one serial thread
  assert(out[1] == 0);          // the probe: thread 1 can be serial
  return 0;
}
