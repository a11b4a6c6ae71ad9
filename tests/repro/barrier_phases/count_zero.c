// POSIX: pthread_barrier_init shall fail with EINVAL when the count is 0. A program that checks
// the result is correct (no error); waiting at such a barrier is undefined behaviour
// (-DWAIT: the barrier was never initialised).
#include <assert.h>
#include <errno.h>
#include <pthread.h>
pthread_barrier_t b;
int main(void) {
  assert(pthread_barrier_init(&b, 0, 0) == EINVAL);
#ifdef WAIT
  pthread_barrier_wait(&b);
#endif
  return 0;
}
