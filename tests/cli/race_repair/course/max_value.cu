// Finds the largest element with one global maximum that every thread tries to raise.
// Mistake: the check-then-store `if (v > *best) *best = v;` replaces atomicMax, so a larger
// value can be overwritten by a smaller one. -DFIXED restores atomicMax.
#include <cassert>
#define N 8

__global__ void find_max(const int *x, int *best) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
#ifdef FIXED
  atomicMax(best, v);
#else
  if (v > *best)
    *best = v;
#endif
}

int main() {
  int h_x[N] = {7, 2, 19, 4, 11, 3, 5, 13};
  int low = -1000, got = 0;
  int *d_x, *d_best;
  cudaMalloc(&d_x, sizeof h_x);
  cudaMalloc(&d_best, sizeof(int));
  cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_best, &low, sizeof(int), cudaMemcpyHostToDevice);
  find_max<<<2, 4>>>(d_x, d_best);
  cudaMemcpy(&got, d_best, sizeof(int), cudaMemcpyDeviceToHost);
  assert(got == 19);
  return 0;
}
