// Three threads each wait twice at a pthread barrier of count 2: six arrivals, three phases.
// When A and B pass phase 0 together and come back first, they also fill phase 1; C's first
// call then opens phase 2, which only C's own second call could complete, and that call never
// comes: C waits for ever and main's join of it never returns. Expected: deadlock.
#include <pthread.h>
pthread_barrier_t bar;
void *T(void *x) {
  pthread_barrier_wait(&bar);
  pthread_barrier_wait(&bar);
  return 0;
}
int main() {
  pthread_t t[3];
  pthread_barrier_init(&bar, 0, 2);
  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, T, 0);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  return 0;
}
