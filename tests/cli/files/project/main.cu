// The host half of a two-file project (see Makefile): scales 64 elements on the device and
// checks them; the result goes to output.txt (which never reaches the disk under scopemc).
#include <cassert>
#include <cstdio>
#include <cstdlib>

#include "kernel.h"

int main() {
  const int n = 64;
  int h[n], *d;
  for (int i = 0; i < n; i++)
    h[i] = i;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<2, 32>>>(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 1; i < n; i++)
    assert(h[i] == SCALE * i);
  FILE *out = fopen("output.txt", "w");
  fprintf(out, "%d\n", h[n - 1]);
  fclose(out);
  return 0;
}
