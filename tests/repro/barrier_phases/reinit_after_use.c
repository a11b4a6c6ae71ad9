// Two threads pass a pthread barrier of count 1, each alone in its phase (more waiters than
// the count: phases are formed by arrival order). main then initialises the barrier again and
// waits at it, which scopemc does not support in that mode: exit 5, naming the wait.
#include <pthread.h>
pthread_barrier_t bar;
void *T(void *x) {
  pthread_barrier_wait(&bar);
  return 0;
}
int main() {
  pthread_t t[2];
  pthread_barrier_init(&bar, 0, 1);
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, T, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  pthread_barrier_init(&bar, 0, 1);
  pthread_barrier_wait(&bar);
  return 0;
}
