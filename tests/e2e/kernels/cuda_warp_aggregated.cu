// A filter with warp-aggregated increments: every lane whose element is positive takes one
// output slot. The lanes that take one together elect the lowest of them, which reserves
// their slots with a single atomicAdd and shares the first slot's index; each lane adds its
// rank among them. Lanes with nothing to write exit first: a collective with a full mask
// goes on without them (CUDA: "all non-exited threads named in mask"). 2 warps, so the two
// leaders' atomicAdds come in either order: 2 executions, every positive element out once.
// -DWRONG_RANK counts the lane itself in its rank: a slot stays empty (assertion violation).
// -DCOALESCED writes the same with cooperative groups (coalesced_threads(), the group's
// rank-0 lane as leader): the same results.
#include <cassert>
#include <cooperative_groups.h>

#ifdef WRONG_RANK
#define BELOW(lane) ((2u << (lane)) - 1)
#else
#define BELOW(lane) ((1u << (lane)) - 1)
#endif

#ifdef COALESCED
__device__ int takeSlot(int *count) {
  cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
  int first = 0;
  if (g.thread_rank() == 0)
    first = atomicAdd(count, (int)g.size());
#ifdef WRONG_RANK
  return g.shfl(first, 0) + (int)g.thread_rank() + 1;
#else
  return g.shfl(first, 0) + (int)g.thread_rank();
#endif
}
#else
__device__ int takeSlot(int *count) {
  unsigned lane = threadIdx.x % warpSize;
  unsigned group = __ballot_sync(__activemask(), 1);
  unsigned leader = __ffs(group) - 1;
  int first = 0;
  if (lane == leader)
    first = atomicAdd(count, __popc(group));
  first = __shfl_sync(group, first, leader);
  return first + __popc(group & BELOW(lane));
}
#endif

__global__ void keepPositive(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || in[i] <= 0)
    return;
  out[takeSlot(count)] = in[i];
}

int main() {
  const int n = 64;
  int h_in[n], h_out[n], h_count = 0, positive = 0;
  for (int i = 0; i < n; ++i) {
    h_in[i] = i % 3 == 0 ? i + 1 : -i;
    positive += h_in[i] > 0;
  }
  int *d_in, *d_out, *d_count;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMalloc(&d_count, sizeof(int));
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof h_out);
  cudaMemset(d_count, 0, sizeof(int));
  keepPositive<<<1, n>>>(d_in, d_out, d_count, n);
  cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  assert(h_count == positive);
  int sum = 0;
  for (int i = 0; i < h_count; ++i) {
    assert(h_out[i] > 0);
    sum += h_out[i];
  }
  int want = 0;
  for (int i = 0; i < n; ++i)
    want += h_in[i] > 0 ? h_in[i] : 0;
  assert(sum == want);
  return 0;
}
