#define NO_BARRIER 1
#include "barrier_exchange.c"
