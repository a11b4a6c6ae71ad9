// Inline PTX other than a lane register read is refused with its position.
__global__ void k(int *x) {
  asm volatile("bar.sync 0;");
  x[threadIdx.x] = 1;
}
int main() {
  int *d;
  cudaMalloc(&d, 2 * sizeof(int));
  k<<<1, 2>>>(d);
  cudaDeviceSynchronize();
  return 0;
}
