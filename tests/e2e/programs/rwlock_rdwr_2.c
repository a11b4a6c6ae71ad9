// A reader-writer lock in the style of Linux's (a bias counter: readers take 1, a writer
// takes the whole bias; a failed attempt gives back what it took and waits until the lock
// could be taken), used by two threads that each read, then write, under it. Zero-net-effect
// iterations (docs/dpor.md §4): an attempt undone by its fetch_add leaves nothing, and the loop
// carries the prior value its last fetch_sub read. Count: GenMC 0.10.3's.
#include <pthread.h>
#include <stdatomic.h>

#define BIAS 0x100000
atomic_int rw;
int shared;

static void lock_for(int amount, int wanted) {
  int prior = atomic_fetch_sub_explicit(&rw, amount, memory_order_acquire);
  while (amount == 1 ? prior <= 0 : prior != BIAS) {
    atomic_fetch_add_explicit(&rw, amount, memory_order_relaxed);
    while (amount == 1 ? atomic_load_explicit(&rw, memory_order_relaxed) <= 0
                       : atomic_load_explicit(&rw, memory_order_relaxed) != wanted)
      ;
    prior = atomic_fetch_sub_explicit(&rw, amount, memory_order_acquire);
  }
}

static void unlock_for(int amount) { atomic_fetch_add_explicit(&rw, amount, memory_order_release); }

void *reader_writer(void *arg) {
  lock_for(1, 0);
  int seen = shared;
  (void)seen;
  unlock_for(1);
  lock_for(BIAS, BIAS);
  shared = (int)(long)arg;
  unlock_for(BIAS);
  return 0;
}

int main(void) {
  atomic_init(&rw, BIAS);
  pthread_t a, b;
  pthread_create(&a, 0, reader_writer, (void *)1);
  pthread_create(&b, 0, reader_writer, (void *)2);
  return 0;
}
