// The runtime's memory calls with the values CUDA defines, in one execution: cudaMemcpy after
// a launch on the default stream waits for the kernel; cudaMemset; symbols; __constant__
// initialised in the source and overwritten by cudaMemcpyToSymbol; dynamic shared memory of
// the size the launch gives (two extern __shared__ arrays are the same memory).
//   -DCONSTANT_WRITE: a device thread writes __constant__ memory: a memory error
//   -DDYNAMIC_OOB: an access past the launch's dynamic shared memory: a memory error
//   -DWRONG: expects another result: an assertion violation
#include <cassert>

__constant__ int coef[4] = {1, 2, 3, 4};
__device__ int counter;

__global__ void scale(int *out, int n) {
  extern __shared__ int buf[];
  extern __shared__ unsigned ubuf[];
  buf[threadIdx.x] = coef[threadIdx.x] * 10;
  __syncthreads();
  out[threadIdx.x] = (int)ubuf[(threadIdx.x + 1) % blockDim.x];
  atomicAdd(&counter, 1);
#ifdef CONSTANT_WRITE
  coef[0] = 0;
#endif
#ifdef DYNAMIC_OOB
  if (threadIdx.x == 0)
    buf[n] = 0;
#endif
}

int main() {
  int h[4] = {5, 6, 7, 8}, r[4];
  cudaMemcpyToSymbol(coef, h, sizeof h);
  int zero = 0;
  cudaMemcpyToSymbol(counter, &zero, sizeof zero);
  int *out;
  cudaMalloc(&out, sizeof r);
  cudaMemset(out, 0, sizeof r);
  scale<<<1, 4, 4 * sizeof(int)>>>(out, 4);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int c = 0;
  cudaMemcpyFromSymbol(&c, counter, sizeof c);
#ifdef WRONG
  assert(r[0] == 50);
#else
  assert(r[0] == 60 && r[1] == 70 && r[2] == 80 && r[3] == 50 && c == 4);
#endif
  cudaFree(out);
  return 0;
}
