// A thread waits for a flag nobody sets: no execution runs to completion.
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *waiter(void *arg) {
  while (atomic_load(&flag) == 0) {
  }
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_join(t, 0);
  return 0;
}
