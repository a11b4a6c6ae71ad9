#define TWO_BLOCKS 1
#include "syncthreads_exchange.c"
