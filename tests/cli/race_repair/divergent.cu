// A race between two statements that only some threads of the block run: a barrier between
// them would be reached by those threads only (barrier divergence), so the repair must not
// insert one; -DOUTSIDE moves the read out of the branch, where a barrier after the branch
// repairs it.
__global__ void shift(int *out) {
  __shared__ int s[8];
  unsigned t = threadIdx.x;
  if (t < 4) {
    s[t] = (int)t;
#ifndef OUTSIDE
    out[t] = s[(t + 1) % 4];
#endif
  }
#ifdef OUTSIDE
  if (t < 4)
    out[t] = s[(t + 1) % 4];
#endif
}

int main() {
  int *out;
  cudaMalloc(&out, 4 * sizeof(int));
  shift<<<1, 8>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
