// Shared-memory histogram of byte values into 4 bins, merged into global bins at the end.
// Mistake: the __syncthreads() after zeroing the shared bins is missing, so a thread may
// count into a bin that another thread then clears. -DFIXED restores it.
#include <cassert>
#define BINS 4
#define THREADS 8
#define BLOCKS 2

__global__ void hist(const unsigned char *in, unsigned *bins) {
  __shared__ unsigned sbins[BINS];
  int t = threadIdx.x;
  if (t < BINS)
    sbins[t] = 0;
#ifdef FIXED
  __syncthreads();
#endif
  atomicAdd(&sbins[in[blockIdx.x * blockDim.x + t] % BINS], 1u);
  __syncthreads();
  if (t < BINS)
    atomicAdd(&bins[t], sbins[t]);
}

int main() {
  unsigned char h_in[THREADS * BLOCKS] = {1, 2, 3, 4, 5, 6, 7, 8, 200, 13, 77, 0, 2, 2, 9, 100};
  unsigned h_bins[BINS] = {0}, want[BINS] = {0};
  for (int i = 0; i < THREADS * BLOCKS; i++)
    want[h_in[i] % BINS]++;
  unsigned char *d_in;
  unsigned *d_bins;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_bins, sizeof h_bins);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_bins, h_bins, sizeof h_bins, cudaMemcpyHostToDevice);
  hist<<<BLOCKS, THREADS>>>(d_in, d_bins);
  cudaMemcpy(h_bins, d_bins, sizeof h_bins, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BINS; b++)
    assert(h_bins[b] == want[b]);
  return 0;
}
