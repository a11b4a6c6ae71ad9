// Stream compaction: threads holding a positive value append it to an output list, taking
// their slot from a global cursor. Mistake: the slot is taken with `(*cursor)++` instead of
// atomicAdd(cursor, 1), so two threads can get the same slot. -DFIXED restores atomicAdd.
#include <cassert>
#define N 8

__global__ void compact(const int *in, int *out, int *cursor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (v > 0) {
#ifdef FIXED
    int slot = atomicAdd(cursor, 1);
#else
    int slot = (*cursor)++;
#endif
    out[slot] = v;
  }
}

int main() {
  int h_in[N] = {5, -1, 2, 0, -7, 3, 8, -2};
  int h_out[N] = {0}, zero = 0, count = 0;
  int *d_in, *d_out, *d_cursor;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMalloc(&d_cursor, sizeof(int));
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  cudaMemcpy(d_cursor, &zero, sizeof(int), cudaMemcpyHostToDevice);
  compact<<<2, 4>>>(d_in, d_out, d_cursor);
  cudaMemcpy(&count, d_cursor, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  assert(count == 4);
  int sum = 0;
  for (int k = 0; k < count; k++)
    sum += h_out[k];
  assert(sum == 5 + 2 + 3 + 8);
  return 0;
}
