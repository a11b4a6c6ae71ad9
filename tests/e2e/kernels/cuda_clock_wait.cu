// Delay loops on the device clock (clock64(), clock()): each thread waits a while, then
// writes its slot. The clock moves on at each read (docs/interface.md), so the waits end;
// with a clock that stood still they were spins that never end, and every execution
// blocked: the host's check, wrong with -DWRONG, was never reached.
// -DBACKOFF: two blocks take a CAS lock, waiting a while after each failed attempt. The
// delay loop ends, and the attempt loop around it is still a spin loop (the clock is not
// part of its state: none of its own branches reads it), so one execution per order of the
// two critical sections remains.
#include <cassert>

#ifdef BACKOFF
__global__ void locked_add(int *lock, int *count) {
  while (atomicCAS(lock, 0, 1) != 0) {
    long long t = clock64();
    while (clock64() - t < 100) {
    }
  }
  __threadfence();
  *count += 1;
  __threadfence();
  atomicExch(lock, 0);
}

int main() {
  int *lock, *count;
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  locked_add<<<2, 1>>>(lock, count);
  int h;
  cudaMemcpy(&h, count, sizeof h, cudaMemcpyDeviceToHost);
  assert(h == 2);
  return 0;
}
#else

__global__ void wait_then_write(int *out) {
  long long t0 = clock64();
  while (clock64() - t0 < 1000) {
  }
  clock_t t1 = clock();
  while (clock() - t1 < 500) {
  }
  out[threadIdx.x] = 1;
}

int main() {
  int *out;
  cudaMalloc(&out, 2 * sizeof(int));
  cudaMemset(out, 0, 2 * sizeof(int));
  wait_then_write<<<1, 2>>>(out);
  int h[2];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
#ifdef WRONG
  assert(h[0] == 2);
#else
  assert(h[0] == 1 && h[1] == 1);
#endif
  return 0;
}
#endif
