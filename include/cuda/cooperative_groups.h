/* Cooperative groups for scopemc's CUDA runtime: the block (this_thread_block), tiles of a
   warp (tiled_partition<N>, N a power of two up to 32, with their shuffles and votes), the
   lanes that run together (coalesced_threads, labeled_partition), and the grid
   (this_grid().sync(): a barrier of every thread of a launch made with
   cudaLaunchCooperativeKernel; in a <<<>>> launch it is reported as undefined behaviour).
   A group's collectives are the warp collectives of its lanes (cuda_device.h). */
#ifndef SCOPEMC_COOPERATIVE_GROUPS_H
#define SCOPEMC_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

#pragma clang force_cuda_host_device begin
namespace cooperative_groups {

class thread_group {
public:
  explicit thread_group(unsigned size, unsigned rank, unsigned mask)
      : size_(size), rank_(rank), mask_(mask) {}
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return rank_; }
  void sync() const {
    if (mask_)
      __syncwarp(mask_);
    else
      __syncthreads();
  }

protected:
  unsigned size_, rank_, mask_; /* mask 0: the whole block */
};

class thread_block : public thread_group {
public:
  thread_block()
      : thread_group(blockDim.x * blockDim.y * blockDim.z, __scopemc_linear_tid(), 0) {}
  static void sync() { __syncthreads(); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};
static inline thread_block this_thread_block() { return thread_block(); }
static inline void sync(const thread_block &) { __syncthreads(); }
static inline void synchronize(const thread_block &) { __syncthreads(); } /* the CUDA 9 name */

class grid_group {
public:
  static void sync() { __scopemc_barrier(2); }
  static bool is_valid() { return true; }
  unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y *
           blockDim.z;
  }
  unsigned long long num_threads() const { return size(); }
  unsigned long long thread_rank() const {
    unsigned long long block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    return block * blockDim.x * blockDim.y * blockDim.z + __scopemc_linear_tid();
  }
};
static inline grid_group this_grid() { return grid_group(); }
static inline void sync(const grid_group &) { __scopemc_barrier(2); }
static inline void synchronize(const grid_group &) { __scopemc_barrier(2); }

/* A tile of Size consecutive lanes of a warp. */
template <unsigned Size> class thread_block_tile : public thread_group {
  static_assert(Size && Size <= 32 && (Size & (Size - 1)) == 0,
                "tiles are powers of two of at most 32 lanes");

public:
  thread_block_tile()
      : thread_group(Size, __scopemc_laneid() % Size,
                     Size == 32 ? 0xffffffffu
                                : ((1u << Size) - 1) << (__scopemc_laneid() / Size * Size)) {}
  void sync() const { __syncwarp(mask_); }
  unsigned meta_group_rank() const { return __scopemc_linear_tid() / Size; }
  unsigned meta_group_size() const {
    return (blockDim.x * blockDim.y * blockDim.z + Size - 1) / Size;
  }
  template <class T> T shfl(T v, int src) const { return __shfl_sync(mask_, v, src, Size); }
  template <class T> T shfl_down(T v, unsigned d) const {
    return __shfl_down_sync(mask_, v, d, Size);
  }
  template <class T> T shfl_up(T v, unsigned d) const { return __shfl_up_sync(mask_, v, d, Size); }
  template <class T> T shfl_xor(T v, int m) const { return __shfl_xor_sync(mask_, v, m, Size); }
  int any(int p) const { return __any_sync(mask_, p); }
  int all(int p) const { return __all_sync(mask_, p); }
  unsigned ballot(int p) const {
    return __ballot_sync(mask_, p) >> (Size == 32 ? 0 : __scopemc_laneid() / Size * Size);
  }
};
template <unsigned Size> static inline thread_block_tile<Size> tiled_partition(const thread_block &) {
  return thread_block_tile<Size>();
}

/* The lanes of the caller's warp that execute together: __activemask()'s. Ranks and shuffles
   go by the order of the lanes in the warp. */
class coalesced_group : public thread_group {
  static unsigned rankIn(unsigned mask) {
    return __popc(mask & ((1u << __scopemc_laneid()) - 1));
  }
  /* The lane of the group's rank-th member (the rank-th set bit of the mask). */
  unsigned laneOf(unsigned rank) const {
    unsigned m = mask_;
    for (unsigned k = 0; k < rank % size_; ++k)
      m &= m - 1;
    return __ffs(m) - 1;
  }

public:
  explicit coalesced_group(unsigned mask) : thread_group(__popc(mask), rankIn(mask), mask) {}
  void sync() const { __syncwarp(mask_); }
  template <class T> T shfl(T v, unsigned rank) const {
    return __shfl_sync(mask_, v, laneOf(rank));
  }
  template <class T> T shfl_down(T v, unsigned d) const {
    unsigned r = rank_ + d;
    return __shfl_sync(mask_, v, laneOf(r < size_ ? r : rank_));
  }
  template <class T> T shfl_up(T v, unsigned d) const {
    return __shfl_sync(mask_, v, laneOf(rank_ >= d ? rank_ - d : rank_));
  }
  int any(int p) const { return __any_sync(mask_, p); }
  int all(int p) const { return __all_sync(mask_, p); }
  unsigned ballot(int p) const { /* bit k: the group's rank-k member */
    unsigned b = __ballot_sync(mask_, p), out = 0, m = mask_;
    for (unsigned k = 0; m; ++k, m &= m - 1)
      if (b & (m & -m))
        out |= 1u << k;
    return out;
  }
  unsigned meta_group_rank() const { return 0; }
  unsigned meta_group_size() const { return 1; }
  unsigned __scopemc_lanes() const { return mask_; } /* (the group's lanes, as a warp mask) */
};
static inline coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}
static inline void sync(const coalesced_group &g) { g.sync(); }
/* The members of `g` with the same label as the caller (__match_any_sync). */
template <class Label>
static inline coalesced_group labeled_partition(const coalesced_group &g, Label label) {
  return coalesced_group(__match_any_sync(g.__scopemc_lanes(), label));
}

template <class T> struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
  T operator()(T a, T b) const { return a < b ? a : b; }
};
template <class T> struct greater {
  T operator()(T a, T b) const { return a > b ? a : b; }
};
/* cg::reduce of <cooperative_groups/reduce.h>: every lane of the group gets the result. */
template <class T, class Op> static inline T reduce(const coalesced_group &g, T v, Op op) {
  T acc = g.shfl(v, 0);
  for (unsigned k = 1; k < g.size(); ++k)
    acc = op(acc, g.shfl(v, k));
  return acc;
}
template <unsigned Size, class T, class Op>
static inline T reduce(const thread_block_tile<Size> &g, T v, Op op) {
  for (unsigned d = 1; d < Size; d *= 2)
    v = op(v, g.shfl_xor(v, (int)d));
  return v;
}

} // namespace cooperative_groups
#pragma clang force_cuda_host_device end

#endif
