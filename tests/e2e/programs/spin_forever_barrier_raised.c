// spin_forever_barrier.c with the flag raised: one execution, no error.
#define RAISED
#include "spin_forever_barrier.c"
