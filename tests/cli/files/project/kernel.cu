// The kernel of a two-file project (see Makefile): each thread scales its element; built
// with -DRACEY, each also adds its value into element 0 (a data race).
#include "kernel.h"

__device__ int scaled(int v) { return v * SCALE; }

__global__ void scale(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = scaled(a[i]);
#ifdef RACEY
    a[0] += a[i];
#endif
  }
}
