// Three launches: two blocks, then one, then one whose only thread fails its assertion after
// reading the shared block's `s` (a __shared__ variable) and the counter the others added to.
// The failing thread is block 0 of launch 2 (the third), its `s` is launch 2's block 0's.
#include <cassert>
__global__ void add(int *x) { atomicAdd(x, 1); }
__global__ void check(int *x) {
  __shared__ int s;
  s = *x;
  assert(s == 0);
}
int main() {
  int *d;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  add<<<2, 1>>>(d);
  add<<<1, 1>>>(d);
  check<<<1, 1>>>(d);
  cudaDeviceSynchronize();
  return 0;
}
