// A loop that never ends and is never cut: each iteration stores a new value.
#include <stdatomic.h>
atomic_int x;
int main(void) { for (int i = 0;; i++) atomic_store_explicit(&x, i, memory_order_relaxed); }
