// Shared-memory tree reduction at launch size: each of BLOCKS blocks of THREADS threads (a
// power of two) sums its slice in shared memory, halving the active threads between
// __syncthreads(), and thread 0 writes the block's sum; the host checks every sum. Every value
// read is ordered by the block's barriers: one execution.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 256
#endif
#ifndef BLOCKS
#define BLOCKS 1
#endif
#define N (BLOCKS * THREADS)

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[THREADS];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

static int hin[N], hout[BLOCKS];

int main() {
  for (int i = 0; i < N; i++)
    hin[i] = i % 7;
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, BLOCKS * sizeof(int));
  cudaMemcpy(in, hin, N * sizeof(int), cudaMemcpyHostToDevice);
  reduce<<<BLOCKS, THREADS>>>(in, out);
  cudaMemcpy(hout, out, BLOCKS * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++) {
    int sum = 0;
    for (int i = b * THREADS; i < (b + 1) * THREADS; i++)
      sum += hin[i];
    assert(hout[b] == sum);
  }
  cudaFree(in);
  cudaFree(out);
  return 0;
}
