// A thread takes the mutex and ends without giving it back; main then waits for it for ever.
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *keeper(void *arg) {
  pthread_mutex_lock(&m);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, keeper, 0);
  pthread_join(t, 0);
  pthread_mutex_lock(&m);
  return 0;
}
