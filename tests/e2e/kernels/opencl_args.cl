// Kernel parameters that are not pointers, given with --arg: a float, a double, a vector and
// a struct (field by field, nested fields by their path). The post function checks the
// values the kernel saw. --kernel k --grid 1:1 --arg x=1.5 --arg d=0.5 --arg v=1,2,3,4
// --arg p.a=10 --arg p.b=0.25 --arg p.v=6,7 --arg p.inner.s=3; -DWRONG expects others.
// -DZERO_FIELDS: run without --arg p.b and p.inner.s, which are then 0.
typedef struct {
  int a;
  float b;
  int2 v;
  struct {
    short s;
  } inner;
} P;

__kernel void k(__global float *out, float x, int4 v, P p, double d) {
  out[0] = x * 2 + v.w + p.a + p.b + p.v.y + p.inner.s + (float)d;
  out[1] = v.x + v.y + v.z;
}

void k_post(__global float *out, float x, int4 v, P p, double d) {
#ifdef WRONG
  assert(out[0] == 0);
#elif defined(ZERO_FIELDS)
  assert(out[0] == 1.5f * 2 + 4 + 10 + 7 + 0.5f && out[1] == 6);
#else
  assert(out[0] == 1.5f * 2 + 4 + 10 + 0.25f + 7 + 3 + 0.5f && out[1] == 6);
#endif
}
