// A memcpy of four ints whose middle two another thread writes without synchronisation: a
// data race, and each of those two pieces reads the initial value or the write, so 2 x 2 = 4
// complete executions (--keep-going). A bulk operation stopped part-way resumes at the piece
// it stopped at, so the pieces already read keep their values when the exploration revisits
// a later one.
#include <assert.h>
#include <pthread.h>
#include <string.h>

int src[4] = {1, 2, 3, 4};
int dst[4];

void *writer(void *arg) {
  (void)arg;
  src[1] = 20;
  src[2] = 30;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  memcpy(dst, src, sizeof src);
  pthread_join(t, 0);
  assert(dst[0] == 1 && dst[3] == 4);
  assert(dst[1] == 2 || dst[1] == 20);
  assert(dst[2] == 3 || dst[2] == 30);
  return 0;
}
