// ARCAV's atomicity-violation patterns as a CUDA kernel: THREADS threads of one block, two per
// slot: thread t < SLOTS ("A") makes two accesses to its slot, thread t + SLOTS ("B") one
// access between them (or two, for the crossed writes), all relaxed atomics, so that no data
// race hides the pattern (reads are atomicAdd(p, 0), writes atomicExch). -DPATTERN=1..5 picks
// RR|W, WR|W, WW|R, RW|RW, W1W2|W2W1; -DSHARED puts the slots in __shared__ memory (else
// global); -DFIXED puts a barrier every thread reaches between A's accesses and B's, so that
// no interleaving splits A's. Without -DFIXED each is an atomicity violation (docs/model.md
// §6); with it, one execution and no error.
#include <cuda_runtime.h>

#ifndef THREADS
#define THREADS 64
#endif
#ifndef PATTERN
#define PATTERN 4
#endif
#define SLOTS (THREADS / 2)

// (macros, not functions: a report then names the kernel's lines, where a repair can act)
#define rd(p) atomicAdd((p), 0)
#define wr(p, v) atomicExch((p), (v))

__global__ void kernel(int *global, int *out) {
  unsigned t = threadIdx.x, i = t % SLOTS;
  bool a = t < SLOTS;
#ifdef SHARED
  __shared__ int slots[2 * SLOTS];
  if (a) {
    slots[i] = 0;
    slots[SLOTS + i] = 0;
  }
  __syncthreads();
  int *x = &slots[i], *y = &slots[SLOTS + i];
#else
  int *x = &global[i], *y = &global[SLOTS + i];
#endif
  // A's accesses
  if (a) {
#if PATTERN == 1 // RR|W: A reads twice, B writes
    int v1 = rd(x);
    out[t] = rd(x) - v1;
#elif PATTERN == 2 // WR|W: A writes then reads back, B writes
    wr(x, 7);
    out[t] = rd(x);
#elif PATTERN == 3 // WW|R: A writes twice, B reads
    wr(x, 1);
    wr(x, 2);
#elif PATTERN == 4 // RW|RW: A and B each increment by a read and a write
    wr(x, rd(x) + 1);
#else // W1W2|W2W1: A writes x then y, B writes y then x
    wr(x, 1);
    wr(y, 1);
#endif
  }
#ifdef FIXED
  __syncthreads(); // every thread of the block: B's accesses come after A's
#endif
  // B's accesses
  if (!a) {
#if PATTERN == 1 || PATTERN == 2
    wr(x, 9);
#elif PATTERN == 3
    out[t] = rd(x);
#elif PATTERN == 4
    wr(x, rd(x) + 1);
#else
    wr(y, 2);
    wr(x, 2);
#endif
  }
#ifdef SHARED
  __syncthreads();
  if (a) {
    global[i] = slots[i];
    global[SLOTS + i] = slots[SLOTS + i];
  }
#endif
}

int main() {
  int *global, *out;
  cudaMalloc(&global, 2 * SLOTS * sizeof(int));
  cudaMalloc(&out, THREADS * sizeof(int));
  cudaMemset(global, 0, 2 * SLOTS * sizeof(int));
  kernel<<<1, THREADS>>>(global, out);
  cudaDeviceSynchronize();
  cudaFree(global);
  cudaFree(out);
  return 0;
}
