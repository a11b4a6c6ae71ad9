// Which lanes __activemask() returns where the lanes of a warp take different paths
// (docs/cuda.md, "Which lanes are active"): lanes calling from different places are never
// active together, and after the branches the lanes of all of them are.
// Default: an if / else if / else, each branch calling __activemask(), then one call after
// them: lanes 0-15, the even lanes from 16 and the odd ones from 17 each see their branch's
// lanes only; after the branches every lane sees all 32. 1 execution.
// -DHELPER: one helper reserving slots with a warp-aggregated increment, called from both
// branches of an if on two counters: each branch's lanes count only themselves (1 execution:
// the two leaders' atomicAdds are on different counters).
// -DWRONG expects the whole warp in the first branch: assertion violation.
#include <cassert>

#ifdef HELPER
__device__ int takeSlot(int *count) {
  unsigned lane = threadIdx.x % warpSize, active = __activemask();
  unsigned leader = __ffs(active) - 1;
  int first = 0;
  if (lane == leader)
    first = atomicAdd(count, __popc(active));
  return __shfl_sync(active, first, leader) + __popc(active & ((1u << lane) - 1));
}

__global__ void split(const int *in, int *pos, int *neg, int *outPos, int *outNeg) {
  int i = threadIdx.x;
  if (in[i] > 0)
    outPos[takeSlot(pos)] = in[i];
  else
    outNeg[takeSlot(neg)] = in[i];
}

int main() {
  const int n = 12;
  int h[n], positive = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = i % 3 ? i + 1 : -i - 1;
    positive += h[i] > 0;
  }
  int *d, *pos, *neg, *outPos, *outNeg;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&pos, sizeof(int));
  cudaMalloc(&neg, sizeof(int));
  cudaMalloc(&outPos, sizeof h);
  cudaMalloc(&outNeg, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(pos, 0, sizeof(int));
  cudaMemset(neg, 0, sizeof(int));
  split<<<1, n>>>(d, pos, neg, outPos, outNeg);
  int hp, hn;
  cudaMemcpy(&hp, pos, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&hn, neg, sizeof(int), cudaMemcpyDeviceToHost);
  assert(hp == positive);
  assert(hn == n - positive);
  return 0;
}
#else
__device__ unsigned inBranch[32], after[32];

__global__ void branches() {
  unsigned t = threadIdx.x;
  if (t < 16)
    inBranch[t] = __activemask();
  else if (t % 2 == 0)
    inBranch[t] = __activemask();
  else
    inBranch[t] = __activemask();
  after[t] = __activemask();
}

int main() {
  branches<<<1, 32>>>();
  unsigned b[32], a[32];
  cudaMemcpyFromSymbol(b, inBranch, sizeof b);
  cudaMemcpyFromSymbol(a, after, sizeof a);
  for (int t = 0; t < 32; ++t) {
#ifdef WRONG
    unsigned first = 0xffffffffu;
#else
    unsigned first = 0x0000ffffu;
#endif
    assert(b[t] == (t < 16 ? first : t % 2 == 0 ? 0x55550000u : 0xaaaa0000u));
    assert(a[t] == 0xffffffffu);
  }
  return 0;
}
#endif
