// An assertion that fails only through three threads: T1 writes data and sets flag1 (release),
// T2 passes the flag on with a relaxed store, T3 reads flag2 and then data without
// synchronising with T1.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int flag1, flag2;

void *producer(void *arg) {
  data = 42;
  atomic_store_explicit(&flag1, 1, memory_order_release);
  return 0;
}

void *relay(void *arg) {
  if (atomic_load_explicit(&flag1, memory_order_acquire))
    atomic_store_explicit(&flag2, 1, memory_order_relaxed); // BUG: should be release
  return 0;
}

void *consumer(void *arg) {
  if (atomic_load_explicit(&flag2, memory_order_acquire)) {
    int seen = atomic_load_explicit(&flag1, memory_order_relaxed);
    assert(seen == 1);
  }
  return 0;
}

int main() {
  pthread_t a, b, c;
  pthread_create(&a, 0, producer, 0);
  pthread_create(&b, 0, relay, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}
