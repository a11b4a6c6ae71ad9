// Launch shapes and parameters: dim3 grids and blocks in three dimensions (each thread writes
// its linear index), and kernel parameters by value of every kind (float, double, bool, char,
// a struct, a vector type), captured when the launch is made. 1 execution.
//   -DWRONG: an assertion violation
//   -DBIG_BLOCK: 2048 threads in a block, beyond CUDA's 1024: the launch is refused (undefined
//    behaviour is reported)
#include <cassert>

struct Params {
  int a;
  double b;
  char c[3];
};

__global__ void place(int *out) {
  int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  out[b * blockDim.x * blockDim.y * blockDim.z + t] = b * 100 + t;
}

__global__ void values(int *out, float f, double d, bool flag, char ch, Params p, int4 v) {
  out[0] = (int)(f * 2) + (int)(d * 4) + flag + ch + p.a + (int)p.b + p.c[2] + v.x + v.w;
}

int main() {
  int *out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  dim3 grid(2, 1, 2), block(1, 2, 2);
#ifdef BIG_BLOCK
  block = dim3(2048);
#endif
  place<<<grid, block>>>(out);
  cudaDeviceSynchronize();
  for (int i = 0; i < 16; ++i)
    assert(out[i] == (i / 4) * 100 + i % 4);
  Params p = {1000, 20000.0, {0, 0, 7}};
  int4 v = make_int4(100000, 0, 0, 200000);
  float f = 1.5f;
  values<<<1, 1>>>(out, f, 0.25, true, 'a', p, v);
  f = 0; // the launch captured the value already
  p.a = 0;
  cudaDeviceSynchronize();
#ifdef WRONG
  assert(out[0] == 0);
#else
  assert(out[0] == 3 + 1 + 1 + 97 + 1000 + 20000 + 7 + 100000 + 200000);
#endif
  return 0;
}
