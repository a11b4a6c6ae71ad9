// GPUMC's __VERIFIER_ret_CAS(): the next compare-and-swap returns the value it read (PTX
// atom.cas), not C11's success flag. Without the annotation `seen` could be 1.
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <genmc.h>

atomic_int x;
int seen = -1, took;

void *t0(void *arg)
{
  int expected = 0;
  __VERIFIER_ret_CAS();
  __VERIFIER_memory_scope_device();
  int r = atomic_compare_exchange_strong_explicit(&x, &expected, 5, memory_order_relaxed,
                                                  memory_order_relaxed);
  seen = r;
  __VERIFIER_ret_CAS();
  if (atomic_compare_exchange_strong(&x, &expected, 6))
    took = 1; /* the old value was not 0: this CAS failed */
  return NULL;
}

void *t1(void *arg)
{
  __VERIFIER_memory_scope_device();
  atomic_store_explicit(&x, 3, memory_order_relaxed);
  return NULL;
}

int main(void)
{
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(seen == 0 || seen == 3);
  return 0;
}
