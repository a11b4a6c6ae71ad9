// Tiled matrix multiply at launch size: C = A x B for square matrices of side SIDE, in
// TILE x TILE blocks that stage tiles of A and B in shared memory between __syncthreads();
// the host checks every element. Every value read is ordered by the block's barriers: one
// execution.
#include <cassert>
#include <cuda_runtime.h>

#ifndef TILE
#define TILE 16
#endif
#ifndef SIDE
#define SIDE 32
#endif

__global__ void matmul(const int *A, const int *B, int *C) {
  __shared__ int sa[TILE][TILE], sb[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  int acc = 0;
  for (int k0 = 0; k0 < SIDE; k0 += TILE) {
    sa[threadIdx.y][threadIdx.x] = A[row * SIDE + k0 + threadIdx.x];
    sb[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * SIDE + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += sa[threadIdx.y][k] * sb[k][threadIdx.x];
    __syncthreads();
  }
  C[row * SIDE + col] = acc;
}

static int ha[SIDE * SIDE], hb[SIDE * SIDE], hc[SIDE * SIDE];

int main() {
  for (int i = 0; i < SIDE * SIDE; i++) {
    ha[i] = i % 3;
    hb[i] = i % 5 - 2;
  }
  int *a, *b, *c;
  size_t bytes = SIDE * SIDE * sizeof(int);
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  cudaMemcpy(a, ha, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, bytes, cudaMemcpyHostToDevice);
  matmul<<<dim3(SIDE / TILE, SIDE / TILE), dim3(TILE, TILE)>>>(a, b, c);
  cudaMemcpy(hc, c, bytes, cudaMemcpyDeviceToHost);
  for (int r = 0; r < SIDE; r++)
    for (int q = 0; q < SIDE; q++) {
      int acc = 0;
      for (int k = 0; k < SIDE; k++)
        acc += ha[r * SIDE + k] * hb[k * SIDE + q];
      assert(hc[r * SIDE + q] == acc);
    }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
