// A graph benchmark's main as such suites write it: the graph comes from the binary file
// argv[1] (header: nodes and edges as int32; then nodes + 1 row offsets and the column
// indices), the block size and block count from argv[2] and argv[3]. The kernel sums each
// node's neighbour ids (grid-stride loop); main checks every sum with a serial version.
// Run with --args 'tiny.egr 4 2' from this folder: verified. -DRACE plants a race (every
// thread also adds into one total without an atomic).
#include <cassert>
#include <cstdio>
#include <cstdlib>

__global__ void neighbourSums(const int *offs, const int *cols, int n, int *sums, int *total) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x) {
    int s = 0;
    for (int e = offs[v]; e < offs[v + 1]; e++)
      s += cols[e];
    sums[v] = s;
#ifdef RACE
    *total += s;
#else
    atomicAdd(total, s);
#endif
  }
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s GRAPH BLOCK_SIZE BLOCKS\n", argv[0]);
    return 1;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", argv[1]);
    return 1;
  }
  int n, m;
  if (fread(&n, sizeof n, 1, f) != 1 || fread(&m, sizeof m, 1, f) != 1)
    return 1;
  int *offs = (int *)malloc((n + 1) * sizeof(int)), *cols = (int *)malloc(m * sizeof(int));
  if (fread(offs, sizeof(int), n + 1, f) != (size_t)(n + 1) ||
      fread(cols, sizeof(int), m, f) != (size_t)m)
    return 1;
  fclose(f);
  int block = atoi(argv[2]), blocks = atoi(argv[3]);
  int *dOffs, *dCols, *dSums, *dTotal;
  cudaMalloc(&dOffs, (n + 1) * sizeof(int));
  cudaMalloc(&dCols, m * sizeof(int));
  cudaMalloc(&dSums, n * sizeof(int));
  cudaMalloc(&dTotal, sizeof(int));
  cudaMemcpy(dOffs, offs, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dCols, cols, m * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(dTotal, 0, sizeof(int));
  neighbourSums<<<blocks, block>>>(dOffs, dCols, n, dSums, dTotal);
  int *sums = (int *)malloc(n * sizeof(int)), total = 0, want = 0;
  cudaMemcpy(sums, dSums, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&total, dTotal, sizeof(int), cudaMemcpyDeviceToHost);
  for (int v = 0; v < n; v++) {
    int s = 0;
    for (int e = offs[v]; e < offs[v + 1]; e++)
      s += cols[e];
    assert(sums[v] == s);
    want += s;
  }
  assert(total == want);
  printf("ok: %d nodes, %d edges\n", n, m);
  return 0;
}
