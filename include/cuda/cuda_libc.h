/* Device-side declarations of the C library for scopemc's CUDA runtime (included by
   cuda_runtime.h after the host's headers): what device code may call of <stdio.h>,
   <stdlib.h>, <string.h>, <assert.h> and <math.h>. The interpreter implements them
   (program/MathLib.h for the math library). */
#ifndef SCOPEMC_CUDA_LIBC_H
#define SCOPEMC_CUDA_LIBC_H
#include <time.h>

extern "C" {
__device__ int printf(const char *, ...);
__device__ clock_t clock(void);
__device__ void *malloc(size_t);
__device__ void free(void *);
__device__ void *memcpy(void *, const void *, size_t);
__device__ void *memset(void *, int, size_t);
__device__ void __assert_fail(const char *, const char *, unsigned, const char *)
    __attribute__((noreturn));
__device__ int abs(int);
__device__ long labs(long);
__device__ long long llabs(long long);
__device__ double sqrt(double);
__device__ float sqrtf(float);
__device__ double cbrt(double);
__device__ float cbrtf(float);
__device__ double exp(double);
__device__ float expf(float);
__device__ double exp2(double);
__device__ float exp2f(float);
__device__ double expm1(double);
__device__ float expm1f(float);
__device__ double log(double);
__device__ float logf(float);
__device__ double log2(double);
__device__ float log2f(float);
__device__ double log10(double);
__device__ float log10f(float);
__device__ double log1p(double);
__device__ float log1pf(float);
__device__ double sin(double);
__device__ float sinf(float);
__device__ double cos(double);
__device__ float cosf(float);
__device__ double tan(double);
__device__ float tanf(float);
__device__ double asin(double);
__device__ float asinf(float);
__device__ double acos(double);
__device__ float acosf(float);
__device__ double atan(double);
__device__ float atanf(float);
__device__ double sinh(double);
__device__ float sinhf(float);
__device__ double cosh(double);
__device__ float coshf(float);
__device__ double tanh(double);
__device__ float tanhf(float);
__device__ double asinh(double);
__device__ float asinhf(float);
__device__ double acosh(double);
__device__ float acoshf(float);
__device__ double atanh(double);
__device__ float atanhf(float);
__device__ double floor(double);
__device__ float floorf(float);
__device__ double ceil(double);
__device__ float ceilf(float);
__device__ double trunc(double);
__device__ float truncf(float);
__device__ double round(double);
__device__ float roundf(float);
__device__ double rint(double);
__device__ float rintf(float);
__device__ double nearbyint(double);
__device__ float nearbyintf(float);
__device__ double fabs(double);
__device__ float fabsf(float);
__device__ double erf(double);
__device__ float erff(float);
__device__ double erfc(double);
__device__ float erfcf(float);
__device__ double tgamma(double);
__device__ float tgammaf(float);
__device__ double lgamma(double);
__device__ float lgammaf(float);
__device__ double logb(double);
__device__ float logbf(float);
__device__ double pow(double, double);
__device__ float powf(float, float);
__device__ double fmod(double, double);
__device__ float fmodf(float, float);
__device__ double atan2(double, double);
__device__ float atan2f(float, float);
__device__ double fmin(double, double);
__device__ float fminf(float, float);
__device__ double fmax(double, double);
__device__ float fmaxf(float, float);
__device__ double hypot(double, double);
__device__ float hypotf(float, float);
__device__ double copysign(double, double);
__device__ float copysignf(float, float);
__device__ double fdim(double, double);
__device__ float fdimf(float, float);
__device__ double remainder(double, double);
__device__ float remainderf(float, float);
__device__ double nextafter(double, double);
__device__ float nextafterf(float, float);
__device__ double fma(double, double, double);
__device__ float fmaf(float, float, float);
__device__ double ldexp(double, int);
__device__ float ldexpf(float, int);
__device__ double nan(const char *);
__device__ float nanf(const char *);
__device__ long lround(double);
__device__ long lroundf(float);
__device__ long long llround(double);
__device__ long long llroundf(float);
__device__ long lrint(double);
__device__ long lrintf(float);
__device__ int ilogb(double);
__device__ int ilogbf(float);
}

/* <cmath>'s overloads (std::sqrt(float), ...) are constexpr, which makes them usable on both
   sides already. */

#endif
