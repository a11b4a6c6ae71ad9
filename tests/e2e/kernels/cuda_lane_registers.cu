// PTX inline assembly reading lane registers, as CUDA libraries write it: a lane's index and
// the mask of the lanes below it, in a warp-aggregated increment whose lanes number their
// slots by the active lanes below them (docs/cuda.md, "Inline PTX"). 40 threads in 2 warps,
// every third one reserving a slot: the two leaders' atomicAdds in either order, 2
// executions. Each lane also checks the registers against its thread index.
// -DWRONG counts with %lanemask_le (the lane itself too): no lane leads, nothing is
// reserved, and the lanes of the two warps take the same slots (data race).
#include <cassert>

__device__ __forceinline__ unsigned laneId() {
  unsigned r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ unsigned lanesBelow() {
  unsigned r;
#ifdef WRONG
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(r));
#else
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
#endif
  return r;
}
__device__ __forceinline__ unsigned lanesAbove() {
  unsigned r;
  asm volatile("mov.b32 %0, %%lanemask_gt;" : "=r"(r));
  return r;
}

__device__ unsigned takeSlot(unsigned *count) {
  unsigned active = __activemask(), below = __popc(active & lanesBelow());
  unsigned first = 0;
  if (below == 0)
    first = atomicAdd(count, __popc(active));
  return __shfl_sync(active, first, __ffs(active) - 1) + below;
}

__global__ void pick(unsigned *count, int *slots) {
  unsigned t = threadIdx.x;
  assert(laneId() == t % 32);
  assert((lanesAbove() | (1u << laneId())) == ~((1u << laneId()) - 1));
  if (t % 3 == 0)
    slots[takeSlot(count)] += 1;
}

int main() {
  const int n = 40, picked = (n + 2) / 3;
  int h[n];
  unsigned *count, c;
  int *slots;
  cudaMalloc(&count, sizeof(unsigned));
  cudaMalloc(&slots, sizeof h);
  cudaMemset(count, 0, sizeof(unsigned));
  cudaMemset(slots, 0, sizeof h);
  pick<<<1, n>>>(count, slots);
  cudaMemcpy(&c, count, sizeof c, cudaMemcpyDeviceToHost);
  cudaMemcpy(h, slots, sizeof h, cudaMemcpyDeviceToHost);
  assert(c == picked);
  for (int k = 0; k < picked; ++k)
    assert(h[k] == 1);
  return 0;
}
