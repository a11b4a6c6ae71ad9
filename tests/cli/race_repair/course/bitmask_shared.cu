// Each block records which small values (0..31) occur in its slice as a bitmask kept in
// shared memory, then thread 0 writes the block's mask out. Mistake: the bit is set with
// `seen |= bit` on the shared word, losing bits of other threads. -DFIXED uses atomicOr.
#include <cassert>
#define THREADS 4
#define BLOCKS 2

__global__ void block_masks(const int *vals, unsigned *masks) {
  __shared__ unsigned seen;
  int t = threadIdx.x;
  if (t == 0)
    seen = 0;
  __syncthreads();
  unsigned bit = 1u << (vals[blockIdx.x * blockDim.x + t] % 32);
#ifdef FIXED
  atomicOr(&seen, bit);
#else
  seen |= bit;
#endif
  __syncthreads();
  if (t == 0)
    masks[blockIdx.x] = seen;
}

int main() {
  int h_vals[THREADS * BLOCKS] = {1, 4, 4, 30, 0, 31, 16, 0};
  unsigned h_masks[BLOCKS], want[BLOCKS] = {0, 0};
  for (int i = 0; i < THREADS * BLOCKS; i++)
    want[i / THREADS] |= 1u << (h_vals[i] % 32);
  int *d_vals;
  unsigned *d_masks;
  cudaMalloc(&d_vals, sizeof h_vals);
  cudaMalloc(&d_masks, sizeof h_masks);
  cudaMemcpy(d_vals, h_vals, sizeof h_vals, cudaMemcpyHostToDevice);
  block_masks<<<BLOCKS, THREADS>>>(d_vals, d_masks);
  cudaMemcpy(h_masks, d_masks, sizeof h_masks, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++)
    assert(h_masks[b] == want[b]);
  return 0;
}
