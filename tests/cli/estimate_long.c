// A path long enough (about 300,000 instructions) for the search to poll its limits while a
// thread runs: --estimate with --timeout must time from the estimate's start, not stop at once.
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *work(void *arg) {
  atomic_fetch_add(&x, 1);
  return arg;
}

int main(void) {
  volatile long s = 0;
  for (long i = 0; i < 300000; i++)
    s += i;
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
