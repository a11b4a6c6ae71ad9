// Exchanges on memory nobody initialised (cudaMalloc'd): an exchange whose result the program
// never uses depends on nothing it reads, so it is no error (docs/model.md §6); the two orders
// of the exchanges are 2 executions, and the host reads 1 or 2.
//   -DUSED: the result is stored: the first exchange's read of uninitialised memory is a
//           memory error
//   -DADD:  atomicAdd, whose result is unused but whose new value depends on the old one:
//           a memory error
#include <cassert>

__global__ void k(unsigned *flag, unsigned *out) {
#if defined(USED)
  out[blockIdx.x] = atomicExch(flag, blockIdx.x + 1);
#elif defined(ADD)
  atomicAdd(flag, 1);
#else
  atomicExch(flag, blockIdx.x + 1);
#endif
  (void)out;
}

int main() {
  unsigned *flag, *out, h;
  cudaMalloc(&flag, sizeof(unsigned));
  cudaMalloc(&out, 2 * sizeof(unsigned));
  k<<<2, 1>>>(flag, out);
  cudaMemcpy(&h, flag, sizeof h, cudaMemcpyDeviceToHost);
#if !defined(ADD)
  assert(h == 1 || h == 2);
#endif
  return 0;
}
