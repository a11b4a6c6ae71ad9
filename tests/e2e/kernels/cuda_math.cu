// Device math and integer intrinsics with the values IEEE arithmetic and the CUDA math API
// define exactly (correctly rounded operations, exact integer results): 1 execution.
// -DWRONG: an assertion violation.
#include <cassert>
#include <cmath>

#ifdef WRONG
#define CHECK(c) assert(!(c))
#else
#define CHECK(c) assert(c)
#endif

__global__ void math(float x, double y) {
  CHECK(sqrtf(x) == 2.0f && sqrt(y) == 3.0);
  CHECK(fminf(x, 1.0f) == 1.0f && fmaxf(x, 1.0f) == 4.0f && fmin(y, 1.0) == 1.0);
  CHECK(floorf(2.5f) == 2.0f && ceilf(2.5f) == 3.0f && truncf(-2.5f) == -2.0f);
  CHECK(roundf(2.5f) == 3.0f && rintf(2.5f) == 2.0f && fabsf(-x) == x);
  CHECK(fmaf(x, x, 1.0f) == 17.0f && fma(y, y, 1.0) == 82.0);
  CHECK(powf(2.0f, 10.0f) == 1024.0f && expf(0.0f) == 1.0f && logf(1.0f) == 0.0f);
  CHECK(__fdividef(x, 8.0f) == 0.5f && rsqrtf(x) == 0.5f && __saturatef(x) == 1.0f);
  CHECK(fmodf(7.0f, x) == 3.0f && copysignf(x, -1.0f) == -4.0f && ldexpf(1.0f, 3) == 8.0f);
  CHECK(min(3, -4) == -4 && max(3u, 4u) == 4u && min(x, 2.0f) == 2.0f);
  CHECK(__popc(0xF0F0u) == 8 && __clz(1) == 31 && __clz(0) == 32 && __ffs(8) == 4);
  CHECK(__brev(1u) == 0x80000000u && __mul24(-3, 5) == -15 && __umulhi(0x80000000u, 4u) == 2);
  CHECK(__float_as_int(1.0f) == 0x3f800000 && __int_as_float(0x40000000) == 2.0f);
  CHECK(__float2int_rn(2.5f) == 2 && __float2int_rz(-2.7f) == -2);
  float s = 0, c = 0;
  sincosf(0.0f, &s, &c);
  CHECK(s == 0.0f && c == 1.0f);
  CHECK(isnan(nanf("")) && isinf(1.0f / 0.0f) && !isfinite(y / 0.0));
}

int main() {
  math<<<1, 1>>>(4.0f, 9.0);
  cudaDeviceSynchronize();
  CHECK(sqrtf(16.0f) == 4.0f && pow(2.0, 0.5) * pow(2.0, 0.5) > 1.99);
  return 0;
}
