/* Legacy C as the compilers of older benchmark suites accepted it (with warnings): implicit
   int, a K&R definition, implicitly declared functions, int/pointer conversions. */
#include <pthread.h>
#include <stdatomic.h>

static counter;
atomic_int x;

bump(p) int *p;
{
  return *p + 1;
}

void *worker(void *arg)
{
  long addr = &x;        /* pointer to integer */
  atomic_int *px = addr; /* and back */
  atomic_fetch_add_explicit(px, 1, memory_order_relaxed);
  return 0;
}

main()
{
  pthread_t t[2];
  int i;
  for (i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  counter = bump(&counter);
  printf("x = %d\n", atomic_load(&x));
  __VERIFIER_assert(atomic_load(&x) == 2 && counter == 1);
  return 0;
}
