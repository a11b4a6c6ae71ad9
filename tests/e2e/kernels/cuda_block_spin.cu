// Block-level spinning: a block's thread 0 polls a global lock while the whole block waits for
// it at __syncthreads() in the same loop, and the verdict reaches the block through shared
// memory (the shape of GPU synchronisation-primitive suites). An iteration in which thread 0
// found the lock taken is an idle round of the block (docs/dpor.md §4): the block blocks, and
// only executions where each poll succeeds at once remain, one per order in which the blocks
// take the lock: BLOCKS! of them.
//   (default)     a CAS spin lock
//   -DTICKET      a ticket lock: atomicInc draws the ticket, a volatile load polls the turn
//   -DNO_FENCE    without __threadfence() around the critical section: a data race
//   -DEARLY_READ  the ticket lock's waiters read the shared verdict in the same phase as
//                 thread 0 writes it: a data race on shared memory
#include <cassert>

#ifndef BLOCKS
#define BLOCKS 3
#endif
#ifndef THREADS
#define THREADS 2
#endif

__device__ void fence()
{
#ifndef NO_FENCE
  __threadfence();
#endif
}

#ifdef TICKET
__device__ void lock(unsigned *ticket, unsigned *turn)
{
  __shared__ unsigned mine;
  __shared__ bool have;
  if (threadIdx.x == 0) {
    mine = atomicInc(ticket, 1u << 30);
    have = false;
  }
  __syncthreads();
  for (;;) {
#ifdef EARLY_READ
    if (have)
      break;
#else
    bool h = have;
    __syncthreads();
    if (h)
      break;
#endif
    if (threadIdx.x == 0 && *(volatile unsigned *)turn == mine) {
      fence();
      have = true;
    }
    __syncthreads();
  }
}
__device__ void unlock(unsigned *, unsigned *turn)
{
  __syncthreads();
  if (threadIdx.x == 0) {
    fence();
    atomicInc(turn, 1u << 30);
  }
  __syncthreads();
}
#else
__device__ void lock(unsigned *mutex, unsigned *)
{
  __shared__ int done;
  if (threadIdx.x == 0)
    done = 0;
  __syncthreads();
  while (!done) {
    __syncthreads();
    if (threadIdx.x == 0 && atomicCAS(mutex, 0, 1) == 0) {
      fence();
      done = 1;
    }
    __syncthreads();
  }
}
__device__ void unlock(unsigned *mutex, unsigned *)
{
  __syncthreads();
  if (threadIdx.x == 0) {
    fence();
    atomicExch(mutex, 0);
  }
  __syncthreads();
}
#endif

__global__ void add(unsigned *a, unsigned *b, int *sums)
{
  lock(a, b);
  sums[threadIdx.x] += blockIdx.x + 1;
  unlock(a, b);
}

int main()
{
  unsigned *a, *b;
  int *sums;
  cudaMalloc(&a, sizeof *a);
  cudaMalloc(&b, sizeof *b);
  cudaMalloc(&sums, THREADS * sizeof *sums);
  cudaMemset(a, 0, sizeof *a);
  cudaMemset(b, 0, sizeof *b);
  cudaMemset(sums, 0, THREADS * sizeof *sums);
  add<<<BLOCKS, THREADS>>>(a, b, sums);
  int h[THREADS];
  cudaMemcpy(h, sums, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < THREADS; i++)
    assert(h[i] == BLOCKS * (BLOCKS + 1) / 2);
  return 0;
}
