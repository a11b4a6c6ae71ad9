// Shared-memory histogram at launch size: each of BLOCKS blocks of THREADS threads counts
// PER values into BINS shared bins with atomicAdd, then adds its bins to the global histogram
// with atomicAdd; the host checks the total of every bin. The adds to a bin commute and their
// results are unused: one execution stands for all their orders.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 256
#endif
#ifndef BLOCKS
#define BLOCKS 1
#endif
#ifndef BINS
#define BINS 16
#endif
#ifndef PER
#define PER 2
#endif
#define N (BLOCKS * THREADS * PER)

__global__ void histogram(const unsigned char *in, unsigned *bins) {
  __shared__ unsigned local[BINS];
  unsigned t = threadIdx.x;
  for (unsigned b = t; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  unsigned base = (blockIdx.x * blockDim.x + t) * PER;
  for (unsigned k = 0; k < PER; k++)
    atomicAdd(&local[in[base + k] % BINS], 1u);
  __syncthreads();
  for (unsigned b = t; b < BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

static unsigned char hin[N];
static unsigned hbins[BINS];

int main() {
  for (int i = 0; i < N; i++)
    hin[i] = (unsigned char)(i * 37 % 251);
  unsigned char *in;
  unsigned *bins;
  cudaMalloc(&in, N);
  cudaMalloc(&bins, BINS * sizeof(unsigned));
  cudaMemcpy(in, hin, N, cudaMemcpyHostToDevice);
  cudaMemset(bins, 0, BINS * sizeof(unsigned));
  histogram<<<BLOCKS, THREADS>>>(in, bins);
  cudaMemcpy(hbins, bins, sizeof hbins, cudaMemcpyDeviceToHost);
  unsigned expect[BINS] = {0};
  for (int i = 0; i < N; i++)
    expect[hin[i] % BINS]++;
  for (int b = 0; b < BINS; b++)
    assert(hbins[b] == expect[b]);
  cudaFree(in);
  cudaFree(bins);
  return 0;
}
