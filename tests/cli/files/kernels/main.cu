// Two files that each define a static kernel `init` and launch the template fill<int>
// (tests/cli/files.sh): each static kernel is its file's own, the template one definition.
// Verified when every launch ran the kernel its file names.
#include <cassert>
#include "fill.h"
static __global__ void init(int *p) { p[threadIdx.x] = 1; }
void other(int *d);
int main() {
  int *d, h[4];
  cudaMalloc(&d, sizeof h);
  init<<<1, 2>>>(d);
  fill<int><<<1, 2>>>(d + 2, 3);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  assert(h[0] == 1 && h[3] == 3);
  other(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  assert(h[0] == 2 && h[3] == 4);
  return 0;
}
