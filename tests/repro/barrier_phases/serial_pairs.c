// Four threads at a pthread barrier of count 2 form two phases by order of arrival, and each
// phase elects one serial thread (PTHREAD_BARRIER_SERIAL_THREAD). When T0 and T1 arrive in
// different phases, both can be serial: the assertion fails in some execution. Every phase
// elects exactly one, so two serial threads in all is always true (-DCOUNT_ONLY: no error).
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
pthread_barrier_t bar;
int serial[4];
void *T(void *x) {
  int id = (int)(intptr_t)x;
  serial[id] = pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD;
  return 0;
}
int main() {
  pthread_t t[4];
  pthread_barrier_init(&bar, 0, 2);
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, T, (void *)(intptr_t)i);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  assert(serial[0] + serial[1] + serial[2] + serial[3] == 2);
#ifndef COUNT_ONLY
  assert(!(serial[0] && serial[1]));
#endif
  return 0;
}
