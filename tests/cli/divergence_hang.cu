// Barrier divergence that hangs, for --disable-barrier-divergence: thread 0 of the block
// returns before the barrier (always, or -DSOMETIMES only when its add comes first), and the
// other thread waits there for ever. Expectations from the CUDA programming guide
// (__syncthreads in conditional code must be reached by every thread of the block) and
// docs/interface.md (exit 3 when no execution completed and the hang was not reported).
__device__ int first;

__global__ void k(int *x) {
#ifdef SOMETIMES
  if (atomicAdd(&first, 1) == 0 && threadIdx.x == 0)
    return;
#else
  if (threadIdx.x == 0)
    return;
#endif
  __syncthreads();
  x[threadIdx.x] = 1;
}

int main() {
  int *x;
  cudaMalloc(&x, 2 * sizeof(int));
  k<<<1, 2>>>(x);
  cudaDeviceSynchronize();
  return 0;
}
