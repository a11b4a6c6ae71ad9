// Brightness histogram of a 4x2 greyscale image (4 levels) processed by two blocks of 2x2
// threads, each block counting into shared bins and merging them into global bins.
// Mistake: the shared bin is incremented with `sbins[level] += 1`, not atomically.
// -DFIXED uses atomicAdd on the shared bin.
#include <cassert>
#define W 4
#define H 2
#define LEVELS 4

__global__ void image_hist(const unsigned char *img, int *hist) {
  __shared__ int sbins[LEVELS];
  int lin = threadIdx.y * blockDim.x + threadIdx.x;
  if (lin < LEVELS)
    sbins[lin] = 0;
  __syncthreads();
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int level = img[y * W + x] / 64;
#ifdef FIXED
  atomicAdd(&sbins[level], 1);
#else
  sbins[level] += 1;
#endif
  __syncthreads();
  if (lin < LEVELS)
    atomicAdd(&hist[lin], sbins[lin]);
}

int main() {
  unsigned char h_img[W * H] = {0, 70, 200, 130, 255, 64, 63, 190};
  int h_hist[LEVELS] = {0}, want[LEVELS] = {0};
  for (int i = 0; i < W * H; i++)
    want[h_img[i] / 64]++;
  unsigned char *d_img;
  int *d_hist;
  cudaMalloc(&d_img, sizeof h_img);
  cudaMalloc(&d_hist, sizeof h_hist);
  cudaMemcpy(d_img, h_img, sizeof h_img, cudaMemcpyHostToDevice);
  cudaMemcpy(d_hist, h_hist, sizeof h_hist, cudaMemcpyHostToDevice);
  image_hist<<<dim3(W / 2, H / 2), dim3(2, 2)>>>(d_img, d_hist);
  cudaMemcpy(h_hist, d_hist, sizeof h_hist, cudaMemcpyDeviceToHost);
  for (int l = 0; l < LEVELS; l++)
    assert(h_hist[l] == want[l]);
  return 0;
}
