// Four threads at a pthread barrier of count 2: the first two to arrive form phase 0, the
// other two phase 1. Each writes its slot before waiting; T0 then reads T1's slot. When T0
// and T1 are not in one phase (T0 with T2, say), nothing orders T1's write before T0's read:
// a data race.
#include <pthread.h>
#include <stdint.h>
pthread_barrier_t bar;
int slot[4];
void *T(void *x) {
  int id = (int)(intptr_t)x;
  slot[id] = 1;
  pthread_barrier_wait(&bar);
#ifdef OWN
  return (void *)(intptr_t)slot[id];
#else
  if (id == 0)
    return (void *)(intptr_t)slot[1];
  return 0;
#endif
}
int main() {
  pthread_t t[4];
  pthread_barrier_init(&bar, 0, 2);
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, T, (void *)(intptr_t)i);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  return 0;
}
