// memset over a struct and an int array, then accesses to their fields and elements by
// other threads: the bulk writes are split by the objects' types, and a byte value is
// replicated into each element.
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <assert.h>

struct rec { int a; short b; char c; long d; } r = {1, 2, 3, 4};
int g[3] = {5, 5, 5};
atomic_int ready;

void *writer(void *arg)
{
  r.b = 7;
  atomic_store_explicit(&ready, 1, memory_order_release);
  return NULL;
}

void *reader(void *arg)
{
  if (atomic_load_explicit(&ready, memory_order_acquire))
    assert(r.b == 7 && r.a == 0 && r.d == 0);
  assert(g[2] == 0x01010101);
  return NULL;
}

int main(void)
{
  memset(&r, 0, sizeof r);
  memset(g, 1, sizeof g);
  pthread_t w, rd;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&rd, NULL, reader, NULL);
  pthread_join(w, NULL);
  pthread_join(rd, NULL);
  assert(r.c == 0 && r.b == 7);
  return 0;
}
