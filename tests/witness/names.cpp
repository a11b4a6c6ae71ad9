// Names a witness gives (tests/e2e/WitnessTest.cpp): a member function of a class in a
// namespace races on a field of a global in that namespace; a pointer to an array element is
// published; a heap block is named after the variable that holds it.
#include <pthread.h>
#include <stdlib.h>

namespace lab {
struct Counter {
  int hits;
  long total;
  void bump() { total += 1; } // BUG: plain read-modify-write from two threads
};
Counter counter;
} // namespace lab

int slots[4];
int *published;
int *buffer;

void *worker(void *) {
  published = &slots[1];
  buffer[2] = 7;
  lab::counter.bump();
  return nullptr;
}

int main() {
  buffer = (int *)malloc(4 * sizeof(int));
  pthread_t a, b;
  pthread_create(&a, nullptr, worker, nullptr);
  pthread_create(&b, nullptr, worker, nullptr);
  pthread_join(a, nullptr);
  pthread_join(b, nullptr);
  return 0;
}
