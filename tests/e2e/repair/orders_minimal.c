// An assertion that needs one release/acquire pair (on x: the thread that wrote `data`) and
// not the other (on y: its writer wrote nothing the assertion reads). The order repair tries
// both edges and keeps only the one on x.
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int data, x, y;

void *a(void *arg) {
  atomic_store_explicit(&data, 1, memory_order_relaxed);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return NULL;
}

void *c(void *arg) {
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  return NULL;
}

void *b(void *arg) {
  int rx = atomic_load_explicit(&x, memory_order_relaxed);
  int ry = atomic_load_explicit(&y, memory_order_relaxed);
  if (rx && ry)
    assert(atomic_load_explicit(&data, memory_order_relaxed) == 1);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], NULL, a, NULL);
  pthread_create(&t[1], NULL, c, NULL);
  pthread_create(&t[2], NULL, b, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  return 0;
}
