// Inclusive prefix sum of 8 values in one block, Hillis-Steele style with two shared
// buffers that swap roles each step. Mistake: no __syncthreads() at the end of a step, so a
// thread reads the other buffer before its neighbour has written it. -DFIXED restores it.
#include <cassert>
#define N 8

__global__ void scan(const int *in, int *out) {
  __shared__ int buf[2][N];
  int t = threadIdx.x;
  int cur = 0, prev = 1;
  buf[cur][t] = in[t];
  __syncthreads();
  for (int off = 1; off < N; off *= 2) {
    cur = 1 - cur;
    prev = 1 - cur;
    if (t >= off)
      buf[cur][t] = buf[prev][t] + buf[prev][t - off];
    else
      buf[cur][t] = buf[prev][t];
#ifdef FIXED
    __syncthreads();
#endif
  }
  out[t] = buf[cur][t];
}

int main() {
  int h_in[N] = {2, 7, 1, 8, 2, 8, 1, 8}, h_out[N];
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  scan<<<1, N>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  int run = 0;
  for (int i = 0; i < N; i++) {
    run += h_in[i];
    assert(h_out[i] == run);
  }
  return 0;
}
