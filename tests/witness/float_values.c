// Floating-point values appear in witnesses as numbers: before its assertion fails, main reads
// f = 2.5, d = 0.1 and i = -3 as the writer wrote them (2.5 + 0.1 - 3 < 0).
#include <assert.h>
#include <pthread.h>

float f;
double d;
int i;

void *writer(void *arg) {
  f = 2.5f;
  d = 0.1;
  i = -3;
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_join(t, 0);
  assert(f + d + i > 0);
  return 0;
}
