// A float accumulated by every thread with +=: the repair makes it atomicAdd on the float
// (device scope: the threads are in two blocks).
__global__ void sum(const float *x, float *total) {
  *total += x[blockIdx.x * blockDim.x + threadIdx.x];
}

int main() {
  float h[4] = {1, 2, 3, 4}, *x, *total;
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&total, sizeof(float));
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(float));
  sum<<<2, 2>>>(x, total);
  cudaDeviceSynchronize();
  return 0;
}
