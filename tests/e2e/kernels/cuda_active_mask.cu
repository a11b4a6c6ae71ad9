// Stream compaction in rounds with warp-aggregated increments taken in divergent code: in
// each round the lanes whose element is positive reserve their output slots together (the
// lanes of __activemask(): one atomicAdd by the lowest, its result shared with a shuffle
// over the same mask, each lane adding its rank); the other lanes go on to other work and
// wait at the block barrier that ends the round. They are not active at the call: they wait
// at a barrier that needs the callers (docs/cuda.md, "Which lanes are active").
// 40 threads: warp 0 of 32 lanes, warp 1 of 8; the two leaders' atomicAdds of a round come
// in either order, and the barrier orders the rounds: 2 x 2 = 4 executions.
// -DSYNCWARP ends a round with __syncwarp() instead: the warps' rounds interleave, the
// 2 + 2 increments in any order that keeps each warp's: 6 executions.
// -DCOALESCED writes the same with cooperative groups (coalesced_threads()).
// -DWRONG reserves one slot per group: slots are lost (assertion violation).
// -DFULL_MASK shares the result with a full-mask shuffle, which the lanes of the other
// branch never reach: barrier divergence.
#include <cassert>
#include <cooperative_groups.h>

#ifdef WRONG
#define RESERVE(n) 1
#else
#define RESERVE(n) (n)
#endif

#ifdef COALESCED
__device__ int takeSlot(int *count) {
  cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
  int first = 0;
  if (g.thread_rank() == 0)
    first = atomicAdd(count, RESERVE((int)g.size()));
  return g.shfl(first, 0) + (int)g.thread_rank();
}
#else
__device__ int takeSlot(int *count) {
  unsigned lane = threadIdx.x % warpSize;
  unsigned active = __activemask();
  unsigned leader = __ffs(active) - 1;
  int first = 0;
  if (lane == leader)
    first = atomicAdd(count, RESERVE(__popc(active)));
#ifdef FULL_MASK
  first = __shfl_sync(0xffffffffu, first, leader);
#else
  first = __shfl_sync(active, first, leader);
#endif
  return first + __popc(active & ((1u << lane) - 1));
}
#endif

constexpr int kThreads = 40, kRounds = 2;

__global__ void compact(const int *in, int *out, int *count, int *skipped) {
  int i = threadIdx.x;
  for (int round = 0; round < kRounds; ++round) {
    int v = in[round * kThreads + i];
    if (v > 0)
      out[takeSlot(count)] = v;
    else
      skipped[round * kThreads + i] = 1;
#ifdef SYNCWARP
    __syncwarp();
#else
    __syncthreads();
#endif
  }
}

int main() {
  const int n = kRounds * kThreads;
  int h_in[n], h_out[n], h_count = 0, positive = 0, want = 0;
  for (int k = 0; k < n; ++k) {
    int i = k % kThreads, round = k / kThreads;
    h_in[k] = (i + round) % 3 == 0 ? k + 1 : -k;
    positive += h_in[k] > 0;
    want += h_in[k] > 0 ? h_in[k] : 0;
  }
  int *d_in, *d_out, *d_count, *d_skipped;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMalloc(&d_count, sizeof(int));
  cudaMalloc(&d_skipped, sizeof h_in);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof h_out);
  cudaMemset(d_count, 0, sizeof(int));
  compact<<<1, kThreads>>>(d_in, d_out, d_count, d_skipped);
  cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  assert(h_count == positive);
  int sum = 0;
  for (int k = 0; k < h_count; ++k) {
    assert(h_out[k] > 0);
    sum += h_out[k];
  }
  assert(sum == want);
  return 0;
}
