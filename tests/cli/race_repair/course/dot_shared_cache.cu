// Dot product with a per-block shared cache: each thread stores its partial product sum,
// the block halves the cache step by step, and thread 0 writes the block's sum; the host
// adds the block sums. Mistake: no __syncthreads() after filling the cache. -DFIXED adds it.
#include <cassert>
#define THREADS 4
#define BLOCKS 2
#define N 16

__global__ void dot(const float *a, const float *b, float *block_sums) {
  __shared__ float cache[THREADS];
  int cidx = threadIdx.x;
  float temp = 0;
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < N; i += blockDim.x * gridDim.x)
    temp += a[i] * b[i];
  cache[cidx] = temp;
#ifdef FIXED
  __syncthreads();
#endif
  int half = blockDim.x / 2;
  while (half != 0) {
    if (cidx < half)
      cache[cidx] += cache[cidx + half];
    __syncthreads();
    half /= 2;
  }
  if (cidx == 0)
    block_sums[blockIdx.x] = cache[0];
}

int main() {
  float h_a[N], h_b[N], h_sums[BLOCKS];
  float want = 0;
  for (int i = 0; i < N; i++) {
    h_a[i] = (float)i;
    h_b[i] = 2.0f;
    want += h_a[i] * h_b[i];
  }
  float *d_a, *d_b, *d_sums;
  cudaMalloc(&d_a, sizeof h_a);
  cudaMalloc(&d_b, sizeof h_b);
  cudaMalloc(&d_sums, sizeof h_sums);
  cudaMemcpy(d_a, h_a, sizeof h_a, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, h_b, sizeof h_b, cudaMemcpyHostToDevice);
  dot<<<BLOCKS, THREADS>>>(d_a, d_b, d_sums);
  cudaMemcpy(h_sums, d_sums, sizeof h_sums, cudaMemcpyDeviceToHost);
  float got = 0;
  for (int b = 0; b < BLOCKS; b++)
    got += h_sums[b];
  assert(got == want);
  return 0;
}
