// Cooperative groups: a block, tiles of 8 lanes with their reduction and shuffles, and the
// grid. Two blocks each add one value to a counter: 2 orders of the two RMWs, 2 executions.
//   -DGRID: grid_group::sync() in a <<<>>> launch: undefined behaviour (only a cooperative
//    launch runs the blocks together)
//   -DGRID -DCOOP: the same kernel launched with cudaLaunchCooperativeKernel: verified
//   -DWRONG: an assertion violation
#include <cassert>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out, int *total) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<8> t = cg::tiled_partition<8>(b);
  int v = cg::reduce(t, (int)t.thread_rank(), cg::plus<int>());
#ifdef WRONG
  assert(v == 27);
#else
  assert(v == 28);
#endif
  assert(t.shfl(t.thread_rank(), 2) == 2 && t.meta_group_rank() == b.thread_rank() / 8);
  out[blockIdx.x * 16 + b.thread_rank()] = v;
  b.sync();
  if (b.thread_rank() == 0) atomicAdd(total, out[blockIdx.x * 16 + 1]);
#ifdef GRID
  cg::this_grid().sync();
  if (cg::this_grid().thread_rank() == 0) assert(*total == 56);
#endif
}
int main() {
  int *o, *t;
  cudaMallocManaged(&o, 64 * sizeof(int));
  cudaMallocManaged(&t, sizeof(int));
  *t = 0;
#ifdef COOP
  void *args[] = {&o, &t};
  cudaLaunchCooperativeKernel((void *)k, dim3(2), dim3(16), args);
#else
  k<<<2, 16>>>(o, t);
#endif
  cudaDeviceSynchronize();
  assert(*t == 56);
  return 0;
}
