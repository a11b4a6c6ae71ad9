// A program that ends with a non-zero status fails, as a test does (docs/model.md §6). The
// status depends on the run: -DRACE lets a worker's store race with main's check, so only
// some executions return 1 (the error must still be found); -DEXIT_IN_THREAD ends the
// process from the worker with exit(STATUS); -DSTATUS sets the value (default 1).
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef STATUS
#define STATUS 1
#endif
atomic_int result;
void *worker(void *arg) {
#ifdef EXIT_IN_THREAD
  exit(STATUS);
#endif
  atomic_store_explicit(&result, 42, memory_order_relaxed);
  return arg;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
#ifndef RACE
  pthread_join(t, NULL);
#endif
  if (atomic_load_explicit(&result, memory_order_relaxed) != 42) {
    printf("FAILED\n");
    return STATUS;
  }
#ifdef RACE
  pthread_join(t, NULL);
#endif
  return 0;
}
