// Warp collectives of one full warp (1 block of 32 threads), each checked against the value
// CUDA's programming guide defines ("Warp Shuffle Functions", "Warp Vote Functions", "Warp
// Match Functions", "Warp Reduce Functions"): one execution each. -DWRONG expects another
// value in every check: an assertion violation.
#include <cassert>

#ifdef WRONG
#define CHECK(c) assert(!(c))
#else
#define CHECK(c) assert(c)
#endif

__global__ void collectives() {
  int lane = threadIdx.x % warpSize;
#if defined(SHFL)
  CHECK(__shfl_sync(0xffffffff, lane * 2, 3) == 6);
  CHECK(__shfl_sync(0xffffffff, lane, 35) == 3); // srcLane modulo the width
  CHECK(__shfl_sync(0xffffffff, lane, 1, 8) == (lane & ~7) + 1);
#elif defined(SHFL_UP)
  CHECK(__shfl_up_sync(0xffffffff, lane, 1) == (lane >= 1 ? lane - 1 : lane));
  CHECK(__shfl_up_sync(0xffffffff, lane, 2, 4) == (lane % 4 >= 2 ? lane - 2 : lane));
#elif defined(SHFL_DOWN)
  CHECK(__shfl_down_sync(0xffffffff, lane, 16) == (lane < 16 ? lane + 16 : lane));
  CHECK(__shfl_down_sync(0xffffffff, 1.5 * lane, 1) == 1.5 * (lane < 31 ? lane + 1 : lane));
#elif defined(SHFL_XOR)
  CHECK(__shfl_xor_sync(0xffffffff, lane, 1) == (lane ^ 1));
  CHECK(__shfl_xor_sync(0xffffffff, (long long)lane << 40, 16) == (long long)(lane ^ 16) << 40);
  // width 4: a lane may read an earlier segment (lane 4 reads lane 0), not a later one (lane
  // 0 would read lane 4: it gets its own value)
  CHECK(__shfl_xor_sync(0xffffffff, lane, 4, 4) == ((lane & 4) ? lane ^ 4 : lane));
#elif defined(VOTE)
  CHECK(__ballot_sync(0xffffffff, lane % 2) == 0xaaaaaaaau);
  CHECK(__all_sync(0xffffffff, lane < 32) && !__all_sync(0xffffffff, lane < 31));
  CHECK(__any_sync(0xffffffff, lane == 7) && !__any_sync(0xffffffff, lane > 40));
  CHECK(__activemask() == 0xffffffffu);
#elif defined(MATCH)
  CHECK(__match_any_sync(0xffffffff, lane / 8) == 0xffu << (lane / 8 * 8));
  int pred = -1;
  CHECK(__match_all_sync(0xffffffff, 5, &pred) == 0xffffffffu && pred == 1);
  CHECK(__match_all_sync(0xffffffff, lane, &pred) == 0 && pred == 0);
#elif defined(REDUCE)
  CHECK(__reduce_add_sync(0xffffffff, (unsigned)lane) == 496);
  CHECK(__reduce_min_sync(0xffffffff, lane - 5) == -5);
  CHECK(__reduce_max_sync(0xffffffff, (unsigned)lane) == 31);
  CHECK(__reduce_or_sync(0xffffffff, 1u << lane) == 0xffffffffu);
  CHECK(__reduce_and_sync(0xffffffff, 1u << lane) == 0);
  CHECK(__reduce_xor_sync(0xffffffff, 1u) == 0);
#elif defined(HALVES)
  // two collectives at once, each of the lanes its mask names
  unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  CHECK(__shfl_sync(half, lane, lane < 16 ? 0 : 16) == (lane < 16 ? 0 : 16));
  __syncwarp(half);
#elif defined(BLOCK_COUNT)
  CHECK(__syncthreads_count(lane < 10) == 10);
  CHECK(__syncthreads_and(lane >= 0) && !__syncthreads_and(lane > 0));
  CHECK(__syncthreads_or(lane == 31) && !__syncthreads_or(lane > 31));
#endif
}

int main() {
  collectives<<<1, 32>>>();
  cudaDeviceSynchronize();
  return 0;
}
