// Two blocks each build a private histogram of small values in shared memory, then add it
// into the global bins. Mistake: the shared bin is bumped with a plain ++, so two threads of
// a block that hit the same bin can lose a count. -DFIXED uses atomicAdd on the shared bin.
#include <cassert>
#define BINS 4
#define THREADS 4
#define BLOCKS 2
#define N (THREADS * BLOCKS)

__global__ void block_hist(const int *values, unsigned *hist) {
  __shared__ unsigned priv[BINS];
  int tid = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + tid;
  if (tid < BINS)
    priv[tid] = 0;
  __syncthreads();
  int bin = values[gid] % BINS;
#ifdef FIXED
  atomicAdd(&priv[bin], 1u);
#else
  priv[bin]++;
#endif
  __syncthreads();
  if (tid < BINS)
    atomicAdd(&hist[tid], priv[tid]);
}

int main() {
  int h_values[N] = {3, 1, 4, 1, 5, 9, 2, 6};
  unsigned h_hist[BINS] = {0}, expect[BINS] = {0};
  for (int i = 0; i < N; i++)
    expect[h_values[i] % BINS]++;
  int *d_values;
  unsigned *d_hist;
  cudaMalloc(&d_values, sizeof h_values);
  cudaMalloc(&d_hist, sizeof h_hist);
  cudaMemcpy(d_values, h_values, sizeof h_values, cudaMemcpyHostToDevice);
  cudaMemcpy(d_hist, h_hist, sizeof h_hist, cudaMemcpyHostToDevice);
  block_hist<<<BLOCKS, THREADS>>>(d_values, d_hist);
  cudaMemcpy(h_hist, d_hist, sizeof h_hist, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BINS; b++)
    assert(h_hist[b] == expect[b]);
  return 0;
}
