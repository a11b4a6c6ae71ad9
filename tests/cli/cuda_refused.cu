// CUDA constructs scopemc does not model: each is refused with its name and position.
#include <cuda_runtime.h>

#if defined(LEGACY_SHFL)
__global__ void k(int *p) { *p = __shfl(*p, 0); }
#elif defined(LEGACY_VOTE)
__global__ void k(int *p) { *p = __any(*p); }
#elif defined(DYNAMIC_PARALLELISM)
__global__ void child(int *p) { *p = 1; }
__global__ void k(int *p) { child<<<1, 1>>>(p); }
#elif defined(TEXTURE)
__global__ void k(int *p) { *p = tex1Dfetch<int>(0, 0); }
#elif defined(NO_BODY)
__device__ int external_helper(int);
__global__ void k(int *p) { *p = external_helper(1); }
#elif defined(MEMCPY2D)
__global__ void k(int *p) {}
void copy(int *d, int *h) { cudaMemcpy2D(d, 4, h, 4, 4, 1, cudaMemcpyHostToDevice); }
#elif defined(CURAND)
#include <curand_kernel.h>
__global__ void k(int *p) {}
#else
__global__ void k(int *p) { *p = 1; }
#endif

int main() {
  int *p;
  cudaMalloc(&p, sizeof(int));
  k<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  return 0;
}
