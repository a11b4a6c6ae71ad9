// One thread spins on an RMW that writes back what it reads (an exchange of 1 with 1; with
// -DFETCH_ADD a fetch-add of 0, with -DFETCH_OR a fetch-or of 1): nothing can end the loop.
// The loop's own write-backs are the latest writes, so the hang went unreported ("No errors
// were detected", no execution complete); it is a deadlock (found by a break-it helper).
#include <stdatomic.h>

atomic_int x = 1;

int main(void) {
#if defined(FETCH_ADD)
  while (atomic_fetch_add_explicit(&x, 0, memory_order_relaxed) == 1)
    ;
#elif defined(FETCH_OR)
  while (atomic_fetch_or_explicit(&x, 1, memory_order_relaxed) == 1)
    ;
#else
  while (atomic_exchange_explicit(&x, 1, memory_order_relaxed) == 1)
    ;
#endif
  return 0;
}
