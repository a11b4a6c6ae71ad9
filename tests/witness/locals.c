// Local variables shared with other threads (tests/e2e/WitnessTest.cpp): the witness names
// them as the source does, in main and in a thread's own function.
#include <pthread.h>

struct Pair {
  int a, b;
};

void *bump(void *p) {
  int *x = p;
  *x += 1; // two threads: a data race on the local they were given
  return 0;
}

void *bumpField(void *p) {
  struct Pair *q = p;
  q->b = 1;
  return 0;
}

void *bumpLong(void *p) {
  long *x = p;
  *x += 1; // the same, on a local of a thread's own function
  return 0;
}

void *child(void *p) {
  int tag = 7;
  long slot = 0;
  pthread_t a, b;
  pthread_create(&a, 0, bumpLong, &slot);
  pthread_create(&b, 0, bumpLong, &slot);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return (void *)tag;
}

int main() {
  char pad = 1;
  int counts[3] = {0, 0, 0};
  struct Pair pair = {0, 0};
  pthread_t t[5];
  pthread_create(&t[0], 0, bump, &counts[1]);
  pthread_create(&t[1], 0, bump, &counts[1]);
  pthread_create(&t[2], 0, bumpField, &pair);
  pthread_create(&t[3], 0, bumpField, &pair);
  pthread_create(&t[4], 0, child, 0);
  for (int k = 0; k < 5; k++)
    pthread_join(t[k], 0);
  return pad - 1;
}
