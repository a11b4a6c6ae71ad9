// A kernel fills the first half of its output buffer; the host copies the whole buffer back,
// as CUDA programs do, and reads the half that was filled. Copying bytes never written is no
// error (C and cudaMemcpy copy bytes): 1 execution. -DREAD_ALL also reads an element of the
// other half, which nothing wrote: a memory error (uninitialised heap memory, through the
// copy).
#include <cassert>

__global__ void fillHalf(int *out, int n) {
  int i = threadIdx.x;
  if (i < n / 2)
    out[i] = i + 1;
}

int main() {
  const int n = 8;
  int h[n];
  int *d;
  cudaMalloc(&d, sizeof h);
  fillHalf<<<1, n>>>(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int sum = 0;
  for (int i = 0; i < n / 2; ++i)
    sum += h[i];
#ifdef READ_ALL
  if (h[n - 1] == 12345)
    sum += 1;
#endif
  assert(sum == 10);
  cudaFree(d);
  return 0;
}
