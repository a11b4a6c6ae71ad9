// Two blocks of 32 threads: each thread adds its input to out[threadIdx.x] with a plain
// read and write, so threads of the two blocks with one lane race.
#include <cuda_runtime.h>

__global__ void accumulate(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[threadIdx.x] += in[i]; // BUG: both blocks update out[threadIdx.x]
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 64 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(in, 0, 64 * sizeof(int));
  cudaMemset(out, 0, 32 * sizeof(int));
  accumulate<<<2, 32>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
