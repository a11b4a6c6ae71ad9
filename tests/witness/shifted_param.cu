// A kernel that moves its parameter before writing through it: the witness names the memory
// by the allocation (d_out[2]), not as out[...], whose value at that line is not the launch's.
#include <cuda_runtime.h>

__global__ void shift(int *out) {
  out += 1;
  out[1] = threadIdx.x; // both threads of the block write d_out[2]
}

int main() {
  int *d_out;
  cudaMalloc(&d_out, 4 * sizeof(int));
  shift<<<1, 2>>>(d_out);
  cudaDeviceSynchronize();
  return 0;
}
