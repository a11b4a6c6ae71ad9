// Block sum with sequential addressing; each thread first adds two inputs while loading
// them into shared memory, then the active half shrinks each step. Mistake: the barrier
// between the load and the first step is missing. -DFIXED restores it.
#include <cassert>
#define THREADS 8
#define BLOCKS 2

__global__ void reduce_seq(const int *in, int *out) {
  __shared__ int sdata[THREADS];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + tid;
  sdata[tid] = in[i] + in[i + blockDim.x];
#ifdef FIXED
  __syncthreads();
#endif
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

int main() {
  const int n = 2 * THREADS * BLOCKS;
  int h_in[n], h_out[BLOCKS], want[BLOCKS] = {0, 0};
  for (int i = 0; i < n; i++) {
    h_in[i] = (i * 3) % 7;
    want[i / (2 * THREADS)] += h_in[i];
  }
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  reduce_seq<<<BLOCKS, THREADS>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++)
    assert(h_out[b] == want[b]);
  return 0;
}
