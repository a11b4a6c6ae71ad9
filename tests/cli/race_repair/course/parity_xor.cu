// Computes an xor checksum of a buffer of words, every thread folding its word into one
// global checksum. Mistake: `*sum ^= words[i]` is not atomic, so a fold can be lost.
// -DFIXED uses atomicXor.
#include <cassert>
#define N 8

__global__ void xor_checksum(const unsigned *words, unsigned *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef FIXED
  atomicXor(sum, words[i]);
#else
  *sum ^= words[i];
#endif
}

int main() {
  unsigned h_w[N] = {0x11, 0x22, 0x44, 0x88, 0x0f, 0xf0, 0x3c, 0xc3};
  unsigned zero = 0, got = 0, want = 0;
  for (int i = 0; i < N; i++)
    want ^= h_w[i];
  unsigned *d_w, *d_sum;
  cudaMalloc(&d_w, sizeof h_w);
  cudaMalloc(&d_sum, sizeof(unsigned));
  cudaMemcpy(d_w, h_w, sizeof h_w, cudaMemcpyHostToDevice);
  cudaMemcpy(d_sum, &zero, sizeof zero, cudaMemcpyHostToDevice);
  xor_checksum<<<2, 4>>>(d_w, d_sum);
  cudaMemcpy(&got, d_sum, sizeof got, cudaMemcpyDeviceToHost);
  assert(got == want);
  return 0;
}
