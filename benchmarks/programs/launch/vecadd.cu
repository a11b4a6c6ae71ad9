// Vector add at launch size: BLOCKS blocks of THREADS threads each add one pair of elements,
// and the host checks every sum. No thread reads what another writes: one execution.
#include <cassert>
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 256
#endif
#ifndef BLOCKS
#define BLOCKS 1
#endif
#define N (BLOCKS * THREADS)

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

static float ha[N], hb[N], hc[N];

int main() {
  for (int i = 0; i < N; i++) {
    ha[i] = (float)i;
    hb[i] = 2.0f * i;
  }
  float *a, *b, *c;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMalloc(&c, N * sizeof(float));
  cudaMemcpy(a, ha, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, N * sizeof(float), cudaMemcpyHostToDevice);
  add<<<BLOCKS, THREADS>>>(a, b, c, N);
  cudaMemcpy(hc, c, N * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    assert(hc[i] == 3.0f * i);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
