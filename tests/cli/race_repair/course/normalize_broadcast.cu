// Expresses each value of a block as a percentage of the block's total: thread 0 adds up
// the shared copy and publishes the total in shared memory for everyone. Mistake: the
// __syncthreads() after thread 0 publishes the total is missing. -DFIXED restores it.
#include <cassert>
#define THREADS 4
#define BLOCKS 2

__global__ void percent(const int *in, int *out) {
  __shared__ int vals[THREADS];
  __shared__ int total;
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  vals[t] = in[g];
  __syncthreads();
  if (t == 0) {
    int sum = 0;
    for (int i = 0; i < THREADS; i++)
      sum += vals[i];
    total = sum;
  }
#ifdef FIXED
  __syncthreads();
#endif
  out[g] = vals[t] * 100 / total;
}

int main() {
  int h_in[THREADS * BLOCKS] = {10, 20, 30, 40, 5, 5, 5, 85}, h_out[THREADS * BLOCKS];
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  percent<<<BLOCKS, THREADS>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < THREADS * BLOCKS; i++)
    assert(h_out[i] == h_in[i]);
  return 0;
}
