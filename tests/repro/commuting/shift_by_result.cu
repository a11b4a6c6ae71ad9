// The CUDA form of shift_by_result.c: thread 0 shifts by what its atomicAdd (or, with
// -DMAX, both threads' atomicMax) read, which is 1 when the other thread's update comes first.
__device__ int counter;

__global__ void kernel() {
  if (threadIdx.x == 0) {
#ifdef MAX
    unsigned seen = atomicMax(&counter, 1);
#else
    unsigned seen = atomicAdd(&counter, 1);
#endif
    unsigned bits = 1u << (seen * 40);
    (void)bits;
  } else {
#ifdef MAX
    atomicMax(&counter, 1);
#else
    atomicAdd(&counter, 1);
#endif
  }
}

int main() {
  kernel<<<1, 2>>>();
  cudaDeviceSynchronize();
  return 0;
}
