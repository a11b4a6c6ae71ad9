// A global lock as CUDA programs write it: atomicCAS to take it, atomicExch to give it back,
// and __threadfence() around the critical section so that its plain accesses are ordered.
// Each block of THREADS threads sums its values in shared memory (a tree of __syncthreads()
// steps); thread 0 then adds the block's sum to a global total under the lock, and the host
// checks the total. BLOCKS blocks (default 4), THREADS threads each (default 4, a power of 2).
//
// The only choice an execution makes is the order in which the blocks take the lock (a failed
// CAS spins and makes no execution of its own): BLOCKS! executions, every one verified. The
// fences are SC fences (two per block), the accesses between them relaxed or plain: the cost
// of psc through fences grows with the events. With -DNO_FENCES the lock orders nothing (its
// atomics are relaxed) and the total's accesses race.
#include <cassert>
#include <cuda_runtime.h>

#ifndef BLOCKS
#define BLOCKS 4
#endif
#ifndef THREADS
#define THREADS 4
#endif
#ifdef NO_FENCES
#define FENCE()
#else
#define FENCE() __threadfence()
#endif

__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  FENCE();
}

__device__ void unlock(int *mutex) {
  FENCE();
  atomicExch(mutex, 0);
}

__global__ void blockSums(const int *in, int *total, int *mutex) {
  __shared__ int part[THREADS];
  part[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      part[threadIdx.x] += part[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    lock(mutex);
    *total += part[0];
    unlock(mutex);
  }
}

int main() {
  const int n = BLOCKS * THREADS;
  int h_in[n], expected = 0, h_total = 0;
  for (int i = 0; i < n; ++i) {
    h_in[i] = i % 5;
    expected += h_in[i];
  }
  int *d_in, *d_total, *d_mutex;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_total, sizeof(int));
  cudaMalloc(&d_mutex, sizeof(int));
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemset(d_total, 0, sizeof(int));
  cudaMemset(d_mutex, 0, sizeof(int));
  blockSums<<<BLOCKS, THREADS>>>(d_in, d_total, d_mutex);
  cudaMemcpy(&h_total, d_total, sizeof(int), cudaMemcpyDeviceToHost);
  assert(h_total == expected);
  cudaFree(d_in);
  cudaFree(d_total);
  cudaFree(d_mutex);
  return 0;
}
