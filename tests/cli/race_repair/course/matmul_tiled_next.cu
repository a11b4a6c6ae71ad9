// Tiled matrix product C = A * B of 4x4 matrices with 2x2 tiles: each block of 2x2 threads
// walks the tiles of A's row band and B's column band through shared memory.
// Mistake: no __syncthreads() at the end of a phase, so a fast thread overwrites a tile
// entry that a slow neighbour is still reading. -DFIXED restores that barrier.
#include <cassert>
#define W 4
#define TILE 2

__global__ void matmul(const int *A, const int *B, int *C) {
  __shared__ int As[TILE][TILE];
  __shared__ int Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  int acc = 0;
  for (int ph = 0; ph < W / TILE; ph++) {
    As[ty][tx] = A[row * W + ph * TILE + tx];
    Bs[ty][tx] = B[(ph * TILE + ty) * W + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += As[ty][k] * Bs[k][tx];
#ifdef FIXED
    __syncthreads();
#endif
  }
  C[row * W + col] = acc;
}

int main() {
  int hA[W * W], hB[W * W], hC[W * W];
  for (int i = 0; i < W * W; i++) {
    hA[i] = i % 3 - 1;
    hB[i] = (i * 5) % 4;
  }
  int *dA, *dB, *dC;
  cudaMalloc(&dA, sizeof hA);
  cudaMalloc(&dB, sizeof hB);
  cudaMalloc(&dC, sizeof hC);
  cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, hB, sizeof hB, cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid(W / TILE, W / TILE);
  matmul<<<grid, block>>>(dA, dB, dC);
  cudaMemcpy(hC, dC, sizeof hC, cudaMemcpyDeviceToHost);
  for (int r = 0; r < W; r++)
    for (int c = 0; c < W; c++) {
      int want = 0;
      for (int k = 0; k < W; k++)
        want += hA[r * W + k] * hB[k * W + c];
      assert(hC[r * W + c] == want);
    }
  return 0;
}
