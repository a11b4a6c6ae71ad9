// An await whose loop carries a count the value read is compared with: no two iterations
// start alike, so none may be cut (the thread may leave at its second iteration, copying 1).
// The zero-net-effect differential test fails on it if a retry value is recognised too
// generously (a count computed in the loop taken for a value read).
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag, copy;
void *setter(void *a) {
  atomic_store_explicit(&flag, 1, memory_order_release);
  return 0;
}
void *waiter(void *a) {
  int want = 0;
  while (atomic_load_explicit(&flag, memory_order_acquire) != want)
    want = want + 1;
  atomic_store(&copy, want);
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, setter, 0);
  pthread_create(&b, 0, waiter, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
