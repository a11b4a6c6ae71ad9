// Checks that every entry of an array is positive: the flag starts at 1 and each thread
// ands in its own test. Mistake: `*ok &= (x[i] > 0)` is a plain read-modify-write, so a
// thread that writes back a stale 1 can erase another's 0. -DFIXED uses atomicAnd.
#include <cassert>
#define N 8

__global__ void all_pos(const int *x, int *ok) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef FIXED
  atomicAnd(ok, x[i] > 0);
#else
  *ok &= (x[i] > 0);
#endif
}

int main() {
  int h_x[N] = {3, 8, 1, -4, 6, 2, 5, 7};
  int one = 1, got = -1;
  int *d_x, *d_ok;
  cudaMalloc(&d_x, sizeof h_x);
  cudaMalloc(&d_ok, sizeof(int));
  cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_ok, &one, sizeof(int), cudaMemcpyHostToDevice);
  all_pos<<<2, 4>>>(d_x, d_ok);
  cudaMemcpy(&got, d_ok, sizeof(int), cudaMemcpyDeviceToHost);
  assert(got == 0);
  return 0;
}
