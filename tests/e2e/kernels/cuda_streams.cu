// Kernel launches are asynchronous; kernels on one stream run in order, kernels on different
// (blocking) streams concurrently, and the legacy default stream waits for, and is waited for
// by, the blocking streams (CUDA programming guide, "Streams"; docs/cuda.md).
//   -DSAME_STREAM: w then r on stream s1: r sees w's write (1 execution, no race)
//   -DOTHER_STREAMS: w on s1, r on s2: concurrent, the write and the read race
//   -DDEFAULT_AFTER: w on s1, r on the default stream: r waits for w (no race)
//   -DHOST_WRITE: the host writes while the kernel runs: a race
//   -DEVENT: r on s2 after the host waited for an event recorded after w on s1 (no race)
#include <cassert>

__global__ void w(int *p, int v) { *p = v; }
__global__ void r(const int *p, int *out) { *out = *p; }

int main() {
  int *x, *y;
  cudaMallocManaged(&x, sizeof(int));
  cudaMallocManaged(&y, sizeof(int));
  *x = 0;
  cudaStream_t s1, s2;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
#if defined(SAME_STREAM)
  w<<<1, 1, 0, s1>>>(x, 1);
  r<<<1, 1, 0, s1>>>(x, y);
  cudaStreamSynchronize(s1);
  assert(*y == 1);
#elif defined(OTHER_STREAMS)
  w<<<1, 1, 0, s1>>>(x, 1);
  r<<<1, 1, 0, s2>>>(x, y);
  cudaDeviceSynchronize();
#elif defined(DEFAULT_AFTER)
  w<<<1, 1, 0, s1>>>(x, 1);
  r<<<1, 1>>>(x, y);
  cudaDeviceSynchronize();
  assert(*y == 1);
#elif defined(HOST_WRITE)
  w<<<1, 1>>>(x, 1);
  *x = 2;
  cudaDeviceSynchronize();
#elif defined(EVENT)
  cudaEvent_t e;
  cudaEventCreate(&e);
  w<<<1, 1, 0, s1>>>(x, 1);
  cudaEventRecord(e, s1);
  cudaEventSynchronize(e);
  r<<<1, 1, 0, s2>>>(x, y);
  cudaStreamSynchronize(s2);
  assert(*y == 1);
  cudaEventDestroy(e);
#endif
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
