// Warp-aggregated updates per bucket with cooperative groups: the lanes that take part
// (coalesced_threads: lanes whose element is in no bucket exit first) split by bucket
// (labeled_partition); each part's rank-0 lane reserves the part's slots with one atomicAdd
// and sets the bucket's maximum with one atomicMax of the part's reduce. One warp, one
// update of each location: 1 execution, every count and maximum as the host computes them.
// -DWRONG reduces with less instead of greater: a maximum is wrong (assertion violation).
#include <cassert>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ int reserve(int bucket, int *count) {
  cg::coalesced_group active = cg::coalesced_threads();
  cg::coalesced_group part = cg::labeled_partition(active, bucket);
  int first = 0;
  if (part.thread_rank() == 0)
    first = atomicAdd(&count[bucket], (int)part.size());
  return part.shfl(first, 0) + (int)part.thread_rank();
}

__device__ void keepMax(int bucket, int *best, int value) {
  cg::coalesced_group part = cg::labeled_partition(cg::coalesced_threads(), bucket);
#ifdef WRONG
  int m = cg::reduce(part, value, cg::less<int>());
#else
  int m = cg::reduce(part, value, cg::greater<int>());
#endif
  if (part.thread_rank() == 0)
    atomicMax(&best[bucket], m);
}

__global__ void toBuckets(const int *bucketOf, int *slots, int *count, int *best, int n,
                          int buckets) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n || bucketOf[i] >= buckets)
    return;
  slots[reserve(bucketOf[i], count)] = i;
  keepMax(bucketOf[i], best, i * 7 % 11);
}

int main() {
  const int n = 12, buckets = 3;
  int bucketOf[n], count[buckets], best[buckets], slots[buckets * n];
  for (int i = 0; i < n; i++)
    bucketOf[i] = i % 4; // 3: in no bucket
  for (int b = 0; b < buckets; b++)
    count[b] = b * n; // bucket b's slots start at b * n
  int *dBucketOf, *dSlots, *dCount, *dBest;
  cudaMalloc(&dBucketOf, sizeof bucketOf);
  cudaMalloc(&dSlots, sizeof slots);
  cudaMalloc(&dCount, sizeof count);
  cudaMalloc(&dBest, sizeof best);
  cudaMemcpy(dBucketOf, bucketOf, sizeof bucketOf, cudaMemcpyHostToDevice);
  cudaMemcpy(dCount, count, sizeof count, cudaMemcpyHostToDevice);
  cudaMemset(dBest, 0, sizeof best);
  cudaMemset(dSlots, 0xff, sizeof slots);
  toBuckets<<<1, 16>>>(dBucketOf, dSlots, dCount, dBest, n, buckets);
  cudaMemcpy(count, dCount, sizeof count, cudaMemcpyDeviceToHost);
  cudaMemcpy(best, dBest, sizeof best, cudaMemcpyDeviceToHost);
  cudaMemcpy(slots, dSlots, sizeof slots, cudaMemcpyDeviceToHost);
  for (int b = 0; b < buckets; b++) {
    int in = 0, m = 0;
    for (int i = 0; i < n; i++)
      if (bucketOf[i] == b) {
        assert(slots[b * n + in] >= 0 && bucketOf[slots[b * n + in]] == b);
        in++;
        m = i * 7 % 11 > m ? i * 7 % 11 : m;
      }
    assert(count[b] == b * n + in);
    assert(best[b] == m);
  }
  return 0;
}
