// Counts exam scores (0..99) per quarter of the range straight into global bins.
// Mistake: the bin is incremented with `+= 1` instead of atomicAdd, so threads of any block
// whose scores fall in one quarter race. -DFIXED restores atomicAdd.
#include <cassert>
#define N 8
#define GROUPS 4

__global__ void grade_hist(const int *scores, int *groups, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int g = scores[i] / 25;
#ifdef FIXED
    atomicAdd(&groups[g], 1);
#else
    groups[g] += 1;
#endif
  }
}

int main() {
  int h_scores[N] = {12, 88, 47, 51, 90, 3, 76, 60};
  int h_groups[GROUPS] = {0}, want[GROUPS] = {0};
  for (int i = 0; i < N; i++)
    want[h_scores[i] / 25]++;
  int *d_scores, *d_groups;
  cudaMalloc(&d_scores, sizeof h_scores);
  cudaMalloc(&d_groups, sizeof h_groups);
  cudaMemcpy(d_scores, h_scores, sizeof h_scores, cudaMemcpyHostToDevice);
  cudaMemcpy(d_groups, h_groups, sizeof h_groups, cudaMemcpyHostToDevice);
  grade_hist<<<2, 4>>>(d_scores, d_groups, N);
  cudaMemcpy(h_groups, d_groups, sizeof h_groups, cudaMemcpyDeviceToHost);
  for (int g = 0; g < GROUPS; g++)
    assert(h_groups[g] == want[g]);
  return 0;
}
