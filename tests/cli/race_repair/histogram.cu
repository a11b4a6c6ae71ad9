// A shared-memory histogram as courses write it, with the two classic mistakes: the bins are
// incremented with a plain ++ (threads with equal values lose updates), and the bins are
// copied out without waiting for the block (-DNO_FINAL_BARRIER). The repair makes the
// increment atomicAdd and, where missing, puts the barrier before the copy.
#include <cassert>
#define BINS 4
#define THREADS 8

__global__ void histogram(const unsigned char *in, unsigned *out) {
  __shared__ unsigned bins[BINS];
  unsigned t = threadIdx.x;
  if (t < BINS)
    bins[t] = 0;
  __syncthreads();
  bins[in[t] % BINS]++;
#ifndef NO_FINAL_BARRIER
  __syncthreads();
#endif
  if (t < BINS)
    out[t] = bins[t];
}

int main() {
  unsigned char h[THREADS] = {1, 5, 2, 3, 1, 0, 7, 4};
  unsigned got[BINS], want[BINS] = {0};
  unsigned char *in;
  unsigned *out;
  for (int i = 0; i < THREADS; i++)
    want[h[i] % BINS]++;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof got);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  histogram<<<1, THREADS>>>(in, out);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BINS; b++)
    assert(got[b] == want[b]);
  return 0;
}
