// Block sum with interleaved addressing: at step s, threads whose index is a multiple of 2s
// add the element s places to their right. Mistake: no __syncthreads() at the end of each
// step, so a thread can read a partial sum its neighbour has not written yet.
// -DFIXED restores the barrier in the loop.
#include <cassert>
#define THREADS 8
#define BLOCKS 2

__global__ void reduce_interleaved(const int *in, int *out) {
  __shared__ int sdata[THREADS];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
#ifdef FIXED
    __syncthreads();
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

int main() {
  int h_in[THREADS * BLOCKS], h_out[BLOCKS], want[BLOCKS] = {0, 0};
  for (int i = 0; i < THREADS * BLOCKS; i++) {
    h_in[i] = i + 1;
    want[i / THREADS] += h_in[i];
  }
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  reduce_interleaved<<<BLOCKS, THREADS>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++)
    assert(h_out[b] == want[b]);
  return 0;
}
