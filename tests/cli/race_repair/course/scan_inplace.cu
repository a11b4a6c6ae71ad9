// Inclusive prefix sum in place in one shared array (Kogge-Stone): each step a thread
// reads the value `stride` to its left, waits, then adds it in. Mistake: the barrier between
// the read and the write of a step is missing (only the end-of-step one is there), so a
// neighbour may already have updated the value being read. -DFIXED restores it.
#include <cassert>
#define N 8

__global__ void scan_inplace(int *data) {
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = data[t];
  __syncthreads();
  for (int stride = 1; stride < N; stride *= 2) {
    int left = 0;
    if (t >= stride)
      left = s[t - stride];
#ifdef FIXED
    __syncthreads();
#endif
    s[t] += left;
    __syncthreads();
  }
  data[t] = s[t];
}

int main() {
  int h[N] = {3, 1, 4, 1, 5, 9, 2, 6}, want[N];
  int run = 0;
  for (int i = 0; i < N; i++)
    want[i] = run += h[i];
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scan_inplace<<<1, N>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    assert(h[i] == want[i]);
  return 0;
}
