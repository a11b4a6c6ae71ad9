// Message passing from block 0 to block 1 with relaxed device-scoped atomics on the flag and
// block-scoped fences around them: the fences do not order the data between blocks
// (--kernel mp --grid 2x1).
#include <assert.h>
#include <scopemc/cuda.h>

__global__ void mp(int *data, int *flag) {
  if (blockIdx.x == 0) {
    *data = 42;
    __threadfence_block();
    atomicExch(flag, 1);
  } else if (atomicAdd(flag, 0) == 1) {
    __threadfence_block();
    assert(*data == 42);
  }
}
