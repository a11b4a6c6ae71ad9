// A wait that gives up after two tries, counting its tries in a local array that stays in
// memory (indexed by a value the compiler cannot know). No iteration repeats the previous
// one: the count changes. When the flag is still 0 after two tries the assertion fails;
// an iteration taken for a spin (its private store ignored) hid that execution.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *waiter(void *arg) {
  int tries[4] = {0, 0, 0, 0};
  int k = (int)(long)arg;
  while (atomic_load_explicit(&flag, memory_order_relaxed) == 0 && tries[k] < 2)
    tries[k] = tries[k] + 1;
  assert(tries[k] < 2);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, (void *)3L);
  atomic_store(&flag, 1);
  pthread_join(t, 0);
  return 0;
}
