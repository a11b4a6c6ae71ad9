// Orders are taken from a shared stock: each thread removes its order's quantity from one
// global stock counter. Mistake: `*stock -= qty[i]` instead of atomicSub, so concurrent
// orders overwrite each other's result. -DFIXED restores atomicSub.
#include <cassert>
#define ORDERS 6

__global__ void take_orders(const int *qty, int *stock) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < ORDERS) {
#ifdef FIXED
    atomicSub(stock, qty[i]);
#else
    *stock -= qty[i];
#endif
  }
}

int main() {
  int h_qty[ORDERS] = {3, 1, 4, 1, 5, 2};
  int start = 100, got = 0, want = start;
  for (int i = 0; i < ORDERS; i++)
    want -= h_qty[i];
  int *d_qty, *d_stock;
  cudaMalloc(&d_qty, sizeof h_qty);
  cudaMalloc(&d_stock, sizeof(int));
  cudaMemcpy(d_qty, h_qty, sizeof h_qty, cudaMemcpyHostToDevice);
  cudaMemcpy(d_stock, &start, sizeof(int), cudaMemcpyHostToDevice);
  take_orders<<<2, 4>>>(d_qty, d_stock);
  cudaMemcpy(&got, d_stock, sizeof(int), cudaMemcpyDeviceToHost);
  assert(got == want);
  return 0;
}
