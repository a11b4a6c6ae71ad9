// Sum of squares with a grid-stride loop: every thread walks the array with a stride of the
// whole grid and adds each square into one global total. Mistake: `*total += v * v` is a
// plain read-modify-write. -DFIXED uses atomicAdd.
#include <cassert>
#define N 6

__global__ void sum_squares(const int *v, int n, long long unsigned *total) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    long long unsigned sq = (long long unsigned)(v[i] * v[i]);
#ifdef FIXED
    atomicAdd(total, sq);
#else
    *total += sq;
#endif
  }
}

int main() {
  int h_v[N];
  long long unsigned zero = 0, got = 0, want = 0;
  for (int i = 0; i < N; i++) {
    h_v[i] = i - 5;
    want += (long long unsigned)(h_v[i] * h_v[i]);
  }
  int *d_v;
  long long unsigned *d_total;
  cudaMalloc(&d_v, sizeof h_v);
  cudaMalloc(&d_total, sizeof zero);
  cudaMemcpy(d_v, h_v, sizeof h_v, cudaMemcpyHostToDevice);
  cudaMemcpy(d_total, &zero, sizeof zero, cudaMemcpyHostToDevice);
  sum_squares<<<2, 2>>>(d_v, N, d_total);
  cudaMemcpy(&got, d_total, sizeof got, cudaMemcpyDeviceToHost);
  assert(got == want);
  return 0;
}
