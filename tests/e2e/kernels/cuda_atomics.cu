// CUDA's atomic functions with the results the programming guide defines ("Atomic
// Functions"), single-threaded: 1 execution. -DWRONG: an assertion violation.
#include <cassert>

#ifdef WRONG
#define CHECK(c) assert(!(c))
#else
#define CHECK(c) assert(c)
#endif

__global__ void atomics() {
  __shared__ unsigned u;
  __shared__ float f;
  __shared__ double d;
  __shared__ unsigned long long ull;
  __shared__ unsigned short us;
  u = 2;
  CHECK(atomicInc(&u, 2u) == 2 && u == 0);    // old >= val: wraps to 0
  CHECK(atomicInc(&u, 5u) == 0 && u == 1);
  CHECK(atomicDec(&u, 5u) == 1 && u == 0);
  CHECK(atomicDec(&u, 5u) == 0 && u == 5);    // old == 0: val
  u = 9;
  CHECK(atomicDec_block(&u, 5u) == 9 && u == 5); // old > val: val
  f = 1.5f;
  CHECK(atomicAdd(&f, 2.25f) == 1.5f && f == 3.75f);
  d = 0.5;
  CHECK(atomicAdd_system(&d, 0.25) == 0.5 && d == 0.75);
  ull = 1ull << 40;
  CHECK(atomicAdd(&ull, 1ull) == 1ull << 40 && ull == (1ull << 40) + 1);
  CHECK(atomicCAS(&ull, (1ull << 40) + 1, 7ull) == (1ull << 40) + 1 && ull == 7);
  us = 3;
  CHECK(atomicCAS(&us, (unsigned short)3, (unsigned short)9) == 3 && us == 9);
  CHECK(atomicCAS_block(&us, (unsigned short)3, (unsigned short)1) == 9 && us == 9);
  u = 6;
  CHECK(atomicMax(&u, 4u) == 6 && atomicMin(&u, 4u) == 6 && u == 4);
  CHECK(atomicExch(&u, 1u) == 4 && atomicAnd(&u, 3u) == 1 && atomicOr(&u, 6u) == 1);
  CHECK(atomicXor(&u, 7u) == 7 && atomicSub(&u, 0u) == 0 && u == 0);
}

int main() {
  atomics<<<1, 1>>>();
  cudaDeviceSynchronize();
  return 0;
}
