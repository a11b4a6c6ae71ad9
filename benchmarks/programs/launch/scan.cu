// Block-wide inclusive scan (Hillis-Steele, double-buffered in shared memory) at launch size:
// each of BLOCKS blocks of THREADS threads scans its slice; the host checks every prefix.
// Every value read is ordered by the block's barriers: one execution.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 256
#endif
#ifndef BLOCKS
#define BLOCKS 1
#endif
#define N (BLOCKS * THREADS)

__global__ void scan(const int *in, int *out) {
  __shared__ int buf[2][THREADS];
  unsigned t = threadIdx.x;
  int cur = 0;
  buf[cur][t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned off = 1; off < blockDim.x; off <<= 1) {
    int v = buf[cur][t];
    if (t >= off)
      v += buf[cur][t - off];
    buf[1 - cur][t] = v;
    cur = 1 - cur;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = buf[cur][t];
}

static int hin[N], hout[N];

int main() {
  for (int i = 0; i < N; i++)
    hin[i] = i % 5;
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, hin, N * sizeof(int), cudaMemcpyHostToDevice);
  scan<<<BLOCKS, THREADS>>>(in, out);
  cudaMemcpy(hout, out, N * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++) {
    int sum = 0;
    for (int i = b * THREADS; i < (b + 1) * THREADS; i++) {
      sum += hin[i];
      assert(hout[i] == sum);
    }
  }
  cudaFree(in);
  cudaFree(out);
  return 0;
}
