// reduce_last_block.cu with the fix: the ticket is a device-scoped atomicAdd, which includes
// every block, so the last block's fence synchronises with each block's fence and it reads
// every partial sum.  scopemc examples/cuda/reduce_last_block_fixed.cu
#define FIXED
#include "reduce_last_block.cu"
