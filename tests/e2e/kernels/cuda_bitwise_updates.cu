// Unused-result updates of two kinds on two locations: each of 3 threads raises a maximum with
// atomicMax and sets its bit with atomicOr. Without a reduction, every order of the 3 updates
// of each location is an execution: 3! x 3! = 36; the commuting updates reduction explores
// one (docs/commuting.md). The host checks both results. -DWRONG also takes each thread's bit
// away again with an atomicAnd on the flags: an or and an and do not commute, so their orders
// stay apart, and in some of them a bit is lost (assertion violation).
#include <cassert>

__global__ void update(int *best, int *flags) {
  int t = threadIdx.x;
  atomicMax(best, 10 * t + 5);
  atomicOr(flags, 1 << t);
#ifdef WRONG
  atomicAnd(flags, ~(2 << (t % 2)));
#endif
}

int main() {
  int *best, *flags, hBest = 0, hFlags = 0;
  cudaMalloc(&best, sizeof(int));
  cudaMalloc(&flags, sizeof(int));
  cudaMemset(best, 0, sizeof(int));
  cudaMemset(flags, 0, sizeof(int));
  update<<<1, 3>>>(best, flags);
  cudaMemcpy(&hBest, best, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hFlags, flags, sizeof(int), cudaMemcpyDeviceToHost);
  assert(hBest == 25);
  assert(hFlags == 7);
  return 0;
}
