// Volatile accesses in device code are relaxed accesses of system scope (the PTX ISA gives
// ld.volatile/st.volatile the semantics of .relaxed.sys; docs/cuda.md): block 0 passes a
// message to block 1 through volatile memory, the way pre-atomics CUDA code does.
//   (no flag):     no data race; the flag read 0 or 1 and the data read 0 or 42: 4 executions
//   -DCHECK:       asserts the data once the flag is seen; nothing orders the two: a violation
//   -DFENCED:      the same check with __threadfence() on both sides (an SC fence of device
//                  scope each: they synchronise), holds; flag 0 with data 0 or 42, flag 1
//                  with data 42: 3 executions
//   -DPLAIN_READ:  the reader casts volatile away: a plain read racing with the volatile write
#include <cassert>

#ifdef FENCED
#define CHECK
#define FENCE() __threadfence()
#else
#define FENCE()
#endif

__global__ void mp(volatile int *data, volatile int *flag) {
  if (blockIdx.x == 0) {
    *data = 42;
    FENCE();
    *flag = 1;
  } else {
    int f = *flag;
    FENCE();
#ifdef PLAIN_READ
    int d = *const_cast<int *>(data);
#else
    int d = *data;
#endif
#ifdef CHECK
    if (f == 1)
      assert(d == 42);
#endif
    (void)f;
    (void)d;
  }
}

int main() {
  int *d;
  cudaMalloc(&d, 2 * sizeof(int));
  cudaMemset(d, 0, 2 * sizeof(int));
  mp<<<2, 1>>>(d, d + 1);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
