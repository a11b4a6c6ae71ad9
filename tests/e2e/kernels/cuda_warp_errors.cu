// What a warp collective synchronises (docs/cuda.md, docs/model.md section 5):
//   -DDIVERGENT_SYNCWARP: lanes 16..31 never reach the __syncwarp their mask names: barrier
//    divergence
//   -DINACTIVE_LANE: lanes 0..15 shuffle with a mask of their own half but read lane 20, which
//    the mask leaves inactive: undefined behaviour
//   -DNOT_IN_MASK: a lane calls a collective whose mask does not name it: undefined behaviour
//   -DSHFL_NO_ORDER: a shuffle exchanges values but orders no memory: lane 0's write and
//    lane 1's read race
//   -DSYNCWARP_ORDERS: __syncwarp orders the lanes' memory: no race (1 execution)
//   -DPARTIAL_WARP: a block of 48 threads: warp 1 has 16 lanes, and a full mask names only
//    those (no error, 1 execution)
//   -DEXITED_LANES: lanes 8..31 return; the others vote, shuffle and reduce with a full mask,
//    which CUDA allows ("all non-exited threads named in mask"): the exited lanes take no
//    part (no error, 1 execution)
//   -DSHFL_FROM_EXITED: the same, but a shuffle reads lane 20, which exited: undefined
//    behaviour
#include <cassert>

__global__ void warp(int *data, int *out) {
  int lane = threadIdx.x % warpSize;
#if defined(DIVERGENT_SYNCWARP)
  if (lane < 16)
    __syncwarp();
#elif defined(INACTIVE_LANE)
  if (lane < 16)
    out[lane] = __shfl_sync(0x0000ffff, lane, 20);
#elif defined(NOT_IN_MASK)
  if (lane == 0)
    __syncwarp(0x2);
#elif defined(SHFL_NO_ORDER)
  if (lane == 0)
    *data = 1;
  __shfl_sync(0xffffffff, lane, 0);
  if (lane == 1)
    out[0] = *data;
#elif defined(SYNCWARP_ORDERS)
  if (lane == 0)
    *data = 1;
  __syncwarp();
  if (lane == 1)
    out[0] = *data;
#elif defined(EXITED_LANES)
  if (lane >= 8)
    return;
  assert(__ballot_sync(0xffffffff, lane % 2) == 0xaau);
  assert(__shfl_sync(0xffffffff, lane * 3, 2) == 6);
  assert(__reduce_add_sync(0xffffffff, 1u) == 8);
#elif defined(SHFL_FROM_EXITED)
  if (lane >= 8)
    return;
  out[lane] = __shfl_sync(0xffffffff, lane, 20);
#elif defined(PARTIAL_WARP)
  int sum = __reduce_add_sync(0xffffffff, 1u);
  assert(sum == (threadIdx.x < 32 ? 32 : 16));
#endif
}

int main() {
  int *data, *out;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
#ifdef PARTIAL_WARP
  warp<<<1, 48>>>(data, out);
#else
  warp<<<1, 32>>>(data, out);
#endif
  cudaDeviceSynchronize();
  return 0;
}
