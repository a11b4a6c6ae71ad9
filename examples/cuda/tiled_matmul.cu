// Tiled matrix multiplication C = A x B (4x4 matrices, 2x2 tiles): each block loads a tile of
// A and of B into shared memory, synchronises, accumulates, and synchronises again before the
// next tile overwrites the shared tiles.
//     scopemc examples/cuda/tiled_matmul.cu                       (no errors)
//     scopemc examples/cuda/tiled_matmul.cu -- -DMISSING_SECOND_SYNC  (a data race on the tiles)
#include <cassert>

#define N 4
#define TILE 2

__global__ void matmul(const int *a, const int *b, int *c) {
  __shared__ int ta[TILE][TILE];
  __shared__ int tb[TILE][TILE];
  unsigned row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  int acc = 0;
  for (unsigned t = 0; t < N / TILE; ++t) {
    ta[threadIdx.y][threadIdx.x] = a[row * N + t * TILE + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * N + col];
    __syncthreads();
    for (unsigned k = 0; k < TILE; ++k)
      acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
#ifndef MISSING_SECOND_SYNC
    __syncthreads();
#endif
  }
  c[row * N + col] = acc;
}

int main() {
  int a[N * N], b[N * N], c[N * N];
  for (int i = 0; i < N * N; ++i) {
    a[i] = i % 5;
    b[i] = (3 * i) % 7;
  }
  int *d_a, *d_b, *d_c;
  cudaMalloc(&d_a, sizeof a);
  cudaMalloc(&d_b, sizeof b);
  cudaMalloc(&d_c, sizeof c);
  cudaMemcpy(d_a, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, sizeof b, cudaMemcpyHostToDevice);
  dim3 grid(N / TILE, N / TILE), block(TILE, TILE);
  matmul<<<grid, block>>>(d_a, d_b, d_c);
  cudaMemcpy(c, d_c, sizeof c, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      int want = 0;
      for (int k = 0; k < N; ++k)
        want += a[i * N + k] * b[k * N + j];
      assert(c[i * N + j] == want);
    }
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  return 0;
}
