// The second file: its own static kernel `init` (main.cu has another of that name) and a
// launch of the template both files use.
#include "fill.h"
static __global__ void init(int *p) { p[threadIdx.x] = 2; }
void other(int *d) {
  init<<<1, 2>>>(d);
  cudaDeviceSynchronize();
  fill<int><<<1, 2>>>(d + 2, 4);
  cudaDeviceSynchronize();
}
