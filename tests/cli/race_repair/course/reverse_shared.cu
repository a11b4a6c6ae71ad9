// Reverses each block's segment of an array in place through shared memory: a thread
// stores its element, then takes the one at the mirrored position. Mistake: the
// __syncthreads() between the store and the mirrored load is missing. -DFIXED restores it.
#include <cassert>
#define SEG 8
#define BLOCKS 2

__global__ void reverse_segments(int *d) {
  __shared__ int s[SEG];
  int t = threadIdx.x;
  int base = blockIdx.x * SEG;
  s[t] = d[base + t];
#ifdef FIXED
  __syncthreads();
#endif
  d[base + t] = s[SEG - 1 - t];
}

int main() {
  int h[SEG * BLOCKS], orig[SEG * BLOCKS];
  for (int i = 0; i < SEG * BLOCKS; i++)
    orig[i] = h[i] = 10 * i + 1;
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  reverse_segments<<<BLOCKS, SEG>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++)
    for (int i = 0; i < SEG; i++)
      assert(h[b * SEG + i] == orig[b * SEG + SEG - 1 - i]);
  return 0;
}
