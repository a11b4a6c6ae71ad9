// Matrix transpose through a shared tile: a block reads a 4x4 tile row by row (coalesced),
// then writes it out transposed, each thread taking the element its neighbour loaded.
// Mistake: the __syncthreads() between filling the tile and reading it back is missing.
// -DFIXED restores it.
#include <cassert>
#define W 8
#define T 4

__global__ void transpose(const int *in, int *out) {
  __shared__ int tile[T][T];
  int x = blockIdx.x * T + threadIdx.x;
  int y = blockIdx.y * T + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * W + x];
#ifdef FIXED
  __syncthreads();
#endif
  x = blockIdx.y * T + threadIdx.x;
  y = blockIdx.x * T + threadIdx.y;
  out[y * W + x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  int h_in[W * W], h_out[W * W];
  for (int i = 0; i < W * W; i++)
    h_in[i] = i;
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  transpose<<<dim3(W / T, W / T), dim3(T, T)>>>(d_in, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  for (int r = 0; r < W; r++)
    for (int c = 0; c < W; c++)
      assert(h_out[c * W + r] == h_in[r * W + c]);
  return 0;
}
