/* Device library of scopemc's CUDA runtime (included by cuda_runtime.h, host and device):
   vector types, warp collectives, atomics beyond scopemc/cuda.h's, integer intrinsics and the
   math functions CUDA adds to C's. docs/cuda.md says what each one synchronises. */
#ifndef SCOPEMC_CUDA_DEVICE_H
#define SCOPEMC_CUDA_DEVICE_H

static constexpr int warpSize = 32;

/* CUDA's vector types (vector_types.h) and their make_ functions: NAME1..NAME4 of element T,
   aligned as CUDA aligns them (A2: the alignment of NAME2, A4 of NAME4). */
#define __SCOPEMC_VEC124(NAME, T, A2, A4)                                                     \
  struct __attribute__((aligned(sizeof(T)))) NAME##1 {                                        \
    T x;                                                                                      \
  };                                                                                          \
  struct __attribute__((aligned(A2))) NAME##2 {                                               \
    T x, y;                                                                                   \
  };                                                                                          \
  struct __attribute__((aligned(A4))) NAME##4 {                                               \
    T x, y, z, w;                                                                             \
  };                                                                                          \
  static inline NAME##1 make_##NAME##1(T x) { return NAME##1{x}; }                            \
  static inline NAME##2 make_##NAME##2(T x, T y) { return NAME##2{x, y}; }                    \
  static inline NAME##4 make_##NAME##4(T x, T y, T z, T w) { return NAME##4{x, y, z, w}; }
#define __SCOPEMC_VEC(NAME, T, A2, A4)                                                        \
  __SCOPEMC_VEC124(NAME, T, A2, A4)                                                           \
  struct __attribute__((aligned(sizeof(T)))) NAME##3 {                                        \
    T x, y, z;                                                                                \
  };                                                                                          \
  static inline NAME##3 make_##NAME##3(T x, T y, T z) { return NAME##3{x, y, z}; }
__SCOPEMC_VEC(char, char, 2, 4)
__SCOPEMC_VEC(uchar, unsigned char, 2, 4)
__SCOPEMC_VEC(short, short, 4, 8)
__SCOPEMC_VEC(ushort, unsigned short, 4, 8)
__SCOPEMC_VEC(int, int, 8, 16)
__SCOPEMC_VEC124(uint, unsigned, 8, 16) /* uint3 is scopemc/cuda.h's (threadIdx's type) */
__SCOPEMC_VEC(long, long, 16, 16)
__SCOPEMC_VEC(ulong, unsigned long, 16, 16)
__SCOPEMC_VEC(longlong, long long, 16, 16)
__SCOPEMC_VEC(ulonglong, unsigned long long, 16, 16)
__SCOPEMC_VEC(float, float, 8, 16)
__SCOPEMC_VEC(double, double, 16, 16)
#undef __SCOPEMC_VEC
#undef __SCOPEMC_VEC124
static inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) {
  uint3 r = {x, y, z};
  return r;
}

/* The caller's place in its warp. */
static inline unsigned __scopemc_linear_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
static inline unsigned __scopemc_laneid() { return __scopemc_linear_tid() % 32; }

/* The lanes of the caller's warp that exist in its block. */
static inline unsigned __activemask_present() {
  unsigned n = blockDim.x * blockDim.y * blockDim.z, w = __scopemc_linear_tid() / 32;
  unsigned left = n - 32 * w;
  return left >= 32 ? 0xffffffffu : (1u << left) - 1;
}
/* __activemask(): the lanes of the caller's warp that call it together with the caller. The
   k-th calls of the lanes meet; a lane that exited, is blocked, or waits at a barrier or
   collective that needs one of the callers is not active; any other lane is waited for
   (docs/cuda.md, "Which lanes are active"). */
static inline unsigned __activemask() {
  return (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_ACTIVE, 0, 1, 0);
}

/* Warp collectives (CUDA 9's _sync forms). Each lane named in the mask must execute the same
   collective with the same mask; one that does not is reported as barrier divergence. Only
   __syncwarp orders memory; shuffles and votes exchange values only. */
template <class T> static inline __scopemc_u64 __scopemc_warp_bits(T v) {
  static_assert(sizeof(T) <= 8, "warp shuffles take values of at most 8 bytes");
  if constexpr (sizeof(T) == 8)
    return __builtin_bit_cast(__scopemc_u64, v);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bit_cast(unsigned, v);
  else if constexpr (sizeof(T) == 2)
    return __builtin_bit_cast(unsigned short, v);
  else
    return __builtin_bit_cast(unsigned char, v);
}
template <class T> static inline T __scopemc_warp_value(__scopemc_u64 b) {
  if constexpr (sizeof(T) == 8)
    return __builtin_bit_cast(T, b);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bit_cast(T, (unsigned)b);
  else if constexpr (sizeof(T) == 2)
    return __builtin_bit_cast(T, (unsigned short)b);
  else
    return __builtin_bit_cast(T, (unsigned char)b);
}
template <class T> static inline T __scopemc_shfl(unsigned mask, T var, unsigned src) {
  return __scopemc_warp_value<T>(
      __scopemc_collective(0, __SCOPEMC_COLL_SHFL, mask, __scopemc_warp_bits(var), src));
}
/* width: a power of two up to 32; lanes work in segments of `width` lanes. */
template <class T>
static inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize) {
  unsigned lane = __scopemc_laneid();
  unsigned w = (unsigned)width;
  return __scopemc_shfl(mask, var, (lane & ~(w - 1)) + ((unsigned)srcLane & (w - 1)));
}
template <class T>
static inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  unsigned lane = __scopemc_laneid();
  unsigned w = (unsigned)width;
  return __scopemc_shfl(mask, var, (lane & (w - 1)) >= delta ? lane - delta : lane);
}
template <class T>
static inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
  unsigned lane = __scopemc_laneid();
  unsigned w = (unsigned)width;
  return __scopemc_shfl(mask, var, (lane & (w - 1)) + delta < w ? lane + delta : lane);
}
template <class T>
static inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize) {
  unsigned lane = __scopemc_laneid();
  unsigned w = (unsigned)width;
  unsigned src = lane ^ (unsigned)laneMask;
  /* a lane may read earlier segments, not later ones (nor past the warp) */
  if (src >= 32 || (src & ~(w - 1)) > (lane & ~(w - 1)))
    src = lane;
  return __scopemc_shfl(mask, var, src);
}
static inline unsigned __ballot_sync(unsigned mask, int pred) {
  return (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_BALLOT, mask, pred != 0, 0);
}
static inline int __all_sync(unsigned mask, int pred) {
  return (int)__scopemc_collective(0, __SCOPEMC_COLL_ALL, mask, pred != 0, 0);
}
static inline int __any_sync(unsigned mask, int pred) {
  return (int)__scopemc_collective(0, __SCOPEMC_COLL_ANY, mask, pred != 0, 0);
}
static inline int __uni_sync(unsigned mask, int pred) {
  unsigned b = __ballot_sync(mask, pred);
  return b == 0 || b == (mask & __activemask_present());
}
static inline void __syncwarp(unsigned mask = 0xffffffffu) {
  __scopemc_collective(0, __SCOPEMC_COLL_SYNC, mask, 0, 0);
}
template <class T> static inline unsigned __match_any_sync(unsigned mask, T value) {
  return (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_MATCH_ANY, mask,
                                        __scopemc_warp_bits(value), 0);
}
template <class T> static inline unsigned __match_all_sync(unsigned mask, T value, int *pred) {
  unsigned r = (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_MATCH_ALL, mask,
                                              __scopemc_warp_bits(value), 0);
  *pred = r != 0;
  return r;
}
#define __SCOPEMC_REDUCE(NAME, UOP, SOP)                                                       \
  static inline unsigned __reduce_##NAME##_sync(unsigned mask, unsigned v) {                  \
    return (unsigned)__scopemc_collective(0, UOP, mask, v, 0);                                \
  }                                                                                           \
  static inline int __reduce_##NAME##_sync(unsigned mask, int v) {                            \
    return (int)__scopemc_collective(0, SOP, mask, (unsigned)v, 0);                           \
  }
__SCOPEMC_REDUCE(add, __SCOPEMC_COLL_ADD, __SCOPEMC_COLL_ADD)
__SCOPEMC_REDUCE(min, __SCOPEMC_COLL_UMIN, __SCOPEMC_COLL_MIN)
__SCOPEMC_REDUCE(max, __SCOPEMC_COLL_UMAX, __SCOPEMC_COLL_MAX)
#undef __SCOPEMC_REDUCE
static inline unsigned __reduce_and_sync(unsigned mask, unsigned v) {
  return (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_AND, mask, v, 0);
}
static inline unsigned __reduce_or_sync(unsigned mask, unsigned v) {
  return (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_OR, mask, v, 0);
}
static inline unsigned __reduce_xor_sync(unsigned mask, unsigned v) {
  return (unsigned)__scopemc_collective(0, __SCOPEMC_COLL_XOR, mask, v, 0);
}

/* The mask-less forms were removed in CUDA 9 (their lanes need not be converged). */
#define __SCOPEMC_REMOVED                                                                     \
  __attribute__((unavailable("removed in CUDA 9: use the _sync form with a mask of the lanes "  \
                             "that take part")))
template <class T> T __shfl(T, int, int = warpSize) __SCOPEMC_REMOVED;
template <class T> T __shfl_up(T, unsigned, int = warpSize) __SCOPEMC_REMOVED;
template <class T> T __shfl_down(T, unsigned, int = warpSize) __SCOPEMC_REMOVED;
template <class T> T __shfl_xor(T, int, int = warpSize) __SCOPEMC_REMOVED;
int __all(int) __SCOPEMC_REMOVED;
int __any(int) __SCOPEMC_REMOVED;
unsigned __ballot(int) __SCOPEMC_REMOVED;
#undef __SCOPEMC_REMOVED

/* Counting block barriers: __syncthreads() that also combine a predicate over the block. */
static inline int __syncthreads_count(int pred) {
  return (int)__scopemc_collective(1, __SCOPEMC_COLL_COUNT, 0, pred != 0, 0);
}
static inline int __syncthreads_and(int pred) {
  return (int)__scopemc_collective(1, __SCOPEMC_COLL_ALL, 0, pred != 0, 0);
}
static inline int __syncthreads_or(int pred) {
  return (int)__scopemc_collective(1, __SCOPEMC_COLL_ANY, 0, pred != 0, 0);
}

/* Integer intrinsics. */
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
static inline unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
static inline int __mul24(int x, int y) {
  return ((int)((unsigned)x << 8) >> 8) * ((int)((unsigned)y << 8) >> 8);
}
static inline unsigned __umul24(unsigned x, unsigned y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
static inline int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
static inline unsigned __umulhi(unsigned x, unsigned y) {
  return (unsigned)(((unsigned long long)x * y) >> 32);
}
static inline long long __mul64hi(long long x, long long y) {
  return (long long)(((__int128)x * y) >> 64);
}
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
static inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned __uhadd(unsigned x, unsigned y) {
  return (unsigned)(((unsigned long long)x + y) >> 1);
}
static inline unsigned __urhadd(unsigned x, unsigned y) {
  return (unsigned)(((unsigned long long)x + y + 1) >> 1);
}
static inline unsigned __sad(int x, int y, unsigned z) {
  return z + (unsigned)(x > y ? x - y : y - x);
}
static inline unsigned __usad(unsigned x, unsigned y, unsigned z) {
  return z + (x > y ? x - y : y - x);
}
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int k = 0; k < 4; ++k)
    r |= (unsigned)((v >> (((s >> (4 * k)) & 7) * 8)) & 0xff) << (8 * k);
  return r;
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)((v << (shift & 31)) >> 32);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned)(v >> (shift & 31));
}
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
static inline long long clock64() { return (long long)clock(); }
static inline void __nanosleep(unsigned) {}
static inline void __trap() { __builtin_trap(); }

/* min and max of CUDA's math library, for integers and floating point. */
#define __SCOPEMC_MINMAX(T)                                                                   \
  static inline T min(T a, T b) { return a < b ? a : b; }                                     \
  static inline T max(T a, T b) { return a > b ? a : b; }
__SCOPEMC_MINMAX(int)
__SCOPEMC_MINMAX(unsigned)
__SCOPEMC_MINMAX(long)
__SCOPEMC_MINMAX(unsigned long)
__SCOPEMC_MINMAX(long long)
__SCOPEMC_MINMAX(unsigned long long)
#undef __SCOPEMC_MINMAX
static inline unsigned min(int a, unsigned b) { return min((unsigned)a, b); }
static inline unsigned min(unsigned a, int b) { return min(a, (unsigned)b); }
static inline unsigned max(int a, unsigned b) { return max((unsigned)a, b); }
static inline unsigned max(unsigned a, int b) { return max(a, (unsigned)b); }
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }
static inline unsigned umin(unsigned a, unsigned b) { return min(a, b); }
static inline unsigned umax(unsigned a, unsigned b) { return max(a, b); }
static inline long long llmin(long long a, long long b) { return min(a, b); }
static inline long long llmax(long long a, long long b) { return max(a, b); }

/* CUDA's single-precision extras. The fast intrinsics (__expf, __fdividef, ...) are computed
   like the functions they approximate: a verdict that depends on their error bounds is not
   reproduced. */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline float __fdividef(float x, float y) { return x / y; }
static inline float __fdiv_rn(float x, float y) { return x / y; }
static inline float __fadd_rn(float x, float y) { return x + y; }
static inline float __fsub_rn(float x, float y) { return x - y; }
static inline float __fmul_rn(float x, float y) { return x * y; }
static inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
static inline float __frcp_rn(float x) { return 1.0f / x; }
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
static inline double __dadd_rn(double x, double y) { return x + y; }
static inline double __dmul_rn(double x, double y) { return x * y; }
static inline double __ddiv_rn(double x, double y) { return x / y; }
static inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
/* glibc declares some of these names itself: the CUDA ones are macros over the C library. */
static inline void __scopemc_sincosf(float x, float *s, float *c) {
  *s = sinf(x);
  *c = cosf(x);
}
static inline void __scopemc_sincos(double x, double *s, double *c) {
  *s = sin(x);
  *c = cos(x);
}
#define exp10f(x) powf(10.0f, (x))
#define fdividef(x, y) ((float)(x) / (float)(y))
#define __expf(x) expf(x)
#define __exp10f(x) powf(10.0f, (x))
#define __logf(x) logf(x)
#define __log2f(x) log2f(x)
#define __log10f(x) log10f(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __tanf(x) tanf(x)
#define __powf(x, y) powf((x), (y))
#define __sincosf(x, s, c) __scopemc_sincosf((x), (s), (c))
#define sincosf(x, s, c) __scopemc_sincosf((x), (s), (c))
#define sincos(x, s, c) __scopemc_sincos((x), (s), (c))
static inline float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
static inline int __float2int_rz(float x) { return (int)x; }
static inline int __float2int_rn(float x) { return (int)rintf(x); }
static inline int __float2int_rd(float x) { return (int)floorf(x); }
static inline int __float2int_ru(float x) { return (int)ceilf(x); }
static inline unsigned __float2uint_rz(float x) { return (unsigned)x; }
static inline unsigned __float2uint_rn(float x) { return (unsigned)rintf(x); }
static inline float __int2float_rn(int x) { return (float)x; }
static inline float __uint2float_rn(unsigned x) { return (float)x; }
static inline int __double2int_rz(double x) { return (int)x; }
static inline int __double2int_rn(double x) { return (int)rint(x); }
static inline float __double2float_rn(double x) { return (float)x; }
static inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
static inline unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
static inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
static inline float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
static inline long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
static inline double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }

#endif
