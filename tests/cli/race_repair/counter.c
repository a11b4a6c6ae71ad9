// Threads count events in a plain global with ++ and subtract with -=: the repair turns each
// into a relaxed __atomic_fetch_add / __atomic_fetch_sub (C has no atomic update of a plain
// int in <stdatomic.h>); main reads the total after joining.
#include <assert.h>
#include <pthread.h>

int hits;
long balance = 100;

void *worker(void *arg) {
  hits++;
  balance -= 10;
  return arg;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(hits == 3 && balance == 70);
  return 0;
}
