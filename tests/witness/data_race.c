// A data race on one field of a global struct: the witness names it stats.count[2].
#include <pthread.h>

struct Stats {
  int total;
  int count[4];
} stats;

void *worker(void *arg) {
  stats.count[2] += 1; // plain read and write: races with the other worker
  return 0;
}

int main() {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
