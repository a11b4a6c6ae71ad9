// Values the interpreter must compute as the machine does (each assertion held natively and
// once failed or crashed here): vector negation and the element-wise intrinsics on vectors,
// a 64-bit integer converted to float in one rounding, a float subnormal classified, strtof
// and %f in one rounding, a negative printf precision taken as none, strtoull's wrap-around.
#include <assert.h>
#include <emmintrin.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef float v2f __attribute__((vector_size(8)));
typedef double v2d __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));
typedef float v4f __attribute__((vector_size(16)));

v2f g = {1.0f, 2.0f};
v2d a = {1.0, 2.0}, b = {3.0, 4.0}, c = {5.0, 6.0};
v4i p = {1, -2, 3, -4}, q = {0, 5, -6, 7};
v4f h = {-1.5f, 2.0f, -0.0f, 3.0f};
unsigned long long big = 0x8000008000000001ULL;
long long sbig = 0x4000004000000001LL;
float tiny = 1e-39f;
short s8a[8] = {1, -2, 3, -4, 5, -6, 7, -8}, s8b[8] = {0, 5, -6, 7, 0, 0, 0, 0};

static unsigned bitsOf(float x) {
  unsigned u;
  memcpy(&u, &x, 4);
  return u;
}

int main(void) {
  v2f n = -g, d = g - (-g);
  assert(n[1] == -2.0f && d[0] == 2.0f && d[1] == 4.0f);
  v2d r = a - b * c; // contracted to fmuladd(fneg(b), c, a)
  assert(r[0] == -14.0 && r[1] == -22.0);
  v4i mx = __builtin_elementwise_max(p, q), mn = __builtin_elementwise_min(p, q);
  assert(mx[0] == 1 && mx[1] == 5 && mx[2] == 3 && mx[3] == 7);
  assert(mn[0] == 0 && mn[1] == -2 && mn[2] == -6 && mn[3] == -4);
  v4i ab = __builtin_elementwise_abs(p);
  assert(ab[1] == 2 && ab[3] == 4);
  v4f fa = __builtin_elementwise_abs(h);
  assert(fa[0] == 1.5f && fa[2] == 0.0f && !signbit(fa[2]));
  __m128i m = _mm_max_epi16(_mm_loadu_si128((const __m128i *)s8a),
                            _mm_loadu_si128((const __m128i *)s8b));
  short out[8];
  _mm_storeu_si128((__m128i *)out, m);
  assert(out[0] == 1 && out[1] == 5 && out[2] == 3 && out[3] == 7);
  assert(bitsOf((float)big) == 0x5f000001u && bitsOf((float)sbig) == 0x5e800001u);
  assert(!isnormal(tiny) && fpclassify(tiny) == FP_SUBNORMAL);
  const char *near = "1.00000005960464477539062500000001";
  float fs = strtof(near, NULL), fc;
  assert(bitsOf(fs) == 0x3f800001u);
  assert(sscanf(near, "%f", &fc) == 1 && bitsOf(fc) == 0x3f800001u);
  char buf[32];
  assert(snprintf(buf, sizeof buf, "%.*f", -1, 2.5) == 8 && strcmp(buf, "2.500000") == 0);
  assert(snprintf(buf, sizeof buf, "%*d|", -4, 7) == 5 && strcmp(buf, "7   |") == 0);
  assert(strtoull("-18446744073709551615", NULL, 10) == 1ULL);
  assert(strtoull("18446744073709551616", NULL, 10) == 18446744073709551615ULL);
  assert(strtoll("-9223372036854775808", NULL, 10) == -9223372036854775807LL - 1);
  return 0;
}
