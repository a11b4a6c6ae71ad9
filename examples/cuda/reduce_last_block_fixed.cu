// The fixed threadfence reduction: reduce_last_block.cu with the ticket taken by the
// device-scoped atomicAdd, so the last block's ticket synchronises with the other block's and
// the partial sums it reads are complete.
//     scopemc examples/cuda/reduce_last_block_fixed.cu            (no errors)
#define FIXED
#include "reduce_last_block.cu"
