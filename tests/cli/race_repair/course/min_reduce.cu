// Block minimum by a tree in shared memory: the lower half keeps the smaller of its value
// and the one half a block away. Mistake: the __syncthreads() closing each step of the loop
// is missing. -DFIXED restores it.
#include <cassert>
#define THREADS 8
#define BLOCKS 2

__global__ void block_min(const int *in, int *out) {
  __shared__ int smin[THREADS];
  int tid = threadIdx.x;
  smin[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half >>= 1) {
    if (tid < half) {
      int other = smin[tid + half];
      if (other < smin[tid])
        smin[tid] = other;
    }
#ifdef FIXED
    __syncthreads();
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = smin[0];
}

int main() {
  int h_in[THREADS * BLOCKS] = {9, 4, 7, 12, 8, 6, 3, 5, 20, 14, 17, 11, 2, 19, 13, 16};
  int h_out[BLOCKS];
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  block_min<<<BLOCKS, THREADS>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  assert(h_out[0] == 3 && h_out[1] == 2);
  return 0;
}
