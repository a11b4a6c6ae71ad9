// A shared-memory tree reduction written without its barriers: the load into shared memory
// races with the first step, and each step with the next. The repair puts __syncthreads()
// after the load and at the end of the loop body, where every thread of the block passes.
#include <cassert>
#define N 8
__global__ void reduce(const int *in, int *out) {
  __shared__ int s[N];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  for (unsigned k = N / 2; k > 0; k /= 2) {
    if (t < k)
      s[t] += s[t + k];
  }
  if (t == 0)
    *out = s[0];
}
int main() {
  int h[N], *in, *out, r = 0;
  for (int i = 0; i < N; i++) h[i] = i;
  cudaMalloc(&in, sizeof h); cudaMalloc(&out, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reduce<<<1, N>>>(in, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  assert(r == 28);
  return 0;
}
