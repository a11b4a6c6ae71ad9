// A critical section guarded by a compare-and-swap lock, CUDA style: BLOCKS blocks of one
// thread; block 0 writes 1, the others 2, each reads the value back inside the section.
// -DBLOCK_SCOPED: the lock's atomics are block-scoped (atomicCAS_block / atomicExch_block), which
// does not exclude other blocks: a heterogeneous race (scopemc repair promotes them).
#include <cassert>
#include <cuda_runtime.h>

#ifndef BLOCKS
#define BLOCKS 8
#endif
#ifdef BLOCK_SCOPED
#define CAS atomicCAS_block
#define EXCH atomicExch_block
#else
#define CAS atomicCAS
#define EXCH atomicExch
#endif

__global__ void section(int *lock, int *value, int *seen) {
  while (CAS(lock, 0, 1) != 0)
    ;
  __threadfence(); // acquire: CUDA's atomics are relaxed
  *value = blockIdx.x == 0 ? 1 : 2;
  atomicAdd(seen, *value);
  __threadfence(); // release
  EXCH(lock, 0);
}

int main() {
  int *lock, *value, *seen;
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&value, sizeof(int));
  cudaMalloc(&seen, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(seen, 0, sizeof(int));
  section<<<BLOCKS, 1>>>(lock, value, seen);
  int s;
  cudaMemcpy(&s, seen, sizeof s, cudaMemcpyDeviceToHost);
  assert(s == 1 + 2 * (BLOCKS - 1));
  return 0;
}
