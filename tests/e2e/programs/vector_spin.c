// A wait that carries a vector round its loop and leaves when the vector's first element
// reaches 3. Every iteration changes the vector, so none repeats the one before: comparing a
// vector header value by its element count only took the loop for a spin after one
// iteration, and the execution where it leaves with the flag still 0, failing the assertion,
// was lost.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
typedef int v4 __attribute__((vector_size(16)));
atomic_int flag;
void *waiter(void *arg) {
  (void)arg;
  v4 x = {1, 2, 3, 4};
  while (atomic_load_explicit(&flag, memory_order_relaxed) == 0 && x[0] < 3)
    x = x + (v4){1, 1, 1, 1};
  assert(atomic_load_explicit(&flag, memory_order_relaxed) == 1);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  atomic_store(&flag, 1);
  pthread_join(t, 0);
  return 0;
}
