// Counts the strictly positive entries of an array with one global counter.
// Mistake: `(*count)++` instead of atomicAdd(count, 1); increments of different threads are
// lost. -DFIXED restores atomicAdd.
#include <cassert>
#define N 8

__global__ void count_pos(const int *x, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (x[i] > 0) {
#ifdef FIXED
    atomicAdd(count, 1);
#else
    (*count)++;
#endif
  }
}

int main() {
  int h_x[N] = {4, -2, 0, 7, -1, 3, 9, -8};
  int zero = 0, got = -1, want = 0;
  for (int i = 0; i < N; i++)
    want += h_x[i] > 0;
  int *d_x, *d_count;
  cudaMalloc(&d_x, sizeof h_x);
  cudaMalloc(&d_count, sizeof(int));
  cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_count, &zero, sizeof(int), cudaMemcpyHostToDevice);
  count_pos<<<2, 4>>>(d_x, d_count);
  cudaMemcpy(&got, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  assert(got == want);
  return 0;
}
