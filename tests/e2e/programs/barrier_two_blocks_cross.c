#define CROSS_BLOCK 1
#include "barrier_two_blocks.c"
