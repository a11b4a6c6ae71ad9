// Neighbour exchange through __syncthreads (--kernel exchange --grid 1x4).
#include <assert.h>
#include <scopemc/cuda.h>

__global__ void exchange(int *a) {
  unsigned t = threadIdx.x;
  a[t] = (int)t + 1;
#ifndef NO_BARRIER
  __syncthreads();
#endif
  assert(a[(t + 1) % blockDim.x] == (int)((t + 1) % blockDim.x) + 1);
}
