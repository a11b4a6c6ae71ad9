// Dot product: each block reduces its partial products in a shared cache (with correct
// barriers), then thread 0 of every block adds the block's sum into one global result.
// Mistake: that last step is `*result += cache[0]`, so the two blocks race on the result.
// -DFIXED uses atomicAdd for it.
#include <cassert>
#define THREADS 4
#define BLOCKS 2
#define N 16

__global__ void dot(const int *a, const int *b, int *result) {
  __shared__ int cache[THREADS];
  int tid = threadIdx.x;
  int partial = 0;
  for (int i = blockIdx.x * blockDim.x + tid; i < N; i += blockDim.x * gridDim.x)
    partial += a[i] * b[i];
  cache[tid] = partial;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (tid < half)
      cache[tid] += cache[tid + half];
    __syncthreads();
  }
  if (tid == 0) {
#ifdef FIXED
    atomicAdd(result, cache[0]);
#else
    *result += cache[0];
#endif
  }
}

int main() {
  int h_a[N], h_b[N], zero = 0, got = 0, want = 0;
  for (int i = 0; i < N; i++) {
    h_a[i] = i % 5;
    h_b[i] = 3 - i % 4;
    want += h_a[i] * h_b[i];
  }
  int *d_a, *d_b, *d_r;
  cudaMalloc(&d_a, sizeof h_a);
  cudaMalloc(&d_b, sizeof h_b);
  cudaMalloc(&d_r, sizeof(int));
  cudaMemcpy(d_a, h_a, sizeof h_a, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, h_b, sizeof h_b, cudaMemcpyHostToDevice);
  cudaMemcpy(d_r, &zero, sizeof(int), cudaMemcpyHostToDevice);
  dot<<<BLOCKS, THREADS>>>(d_a, d_b, d_r);
  cudaMemcpy(&got, d_r, sizeof(int), cudaMemcpyDeviceToHost);
  assert(got == want);
  return 0;
}
