// OpenCL C's built-in library with the values the OpenCL C specification defines: vectors and
// swizzles, conversions (saturating and rounding), reinterpretation, the integer, common, math,
// relational and geometric functions, vector loads and stores. One work-item, one execution. -DWRONG: an assertion
// violation.
#ifdef WRONG
#define CHECK(c) assert(!(c))
#else
#define CHECK(c) assert(c)
#endif

__kernel void lib(__global int *out) {
  int4 a = (int4)(1, 2, 3, 4);
  int2 yw = a.yw;
  CHECK(yw.x == 2 && yw.y == 4 && a.s3 == 4 && a.hi.x == 3);
  int4 sum = a + a * 2 - (int4)(1) / 1;
  CHECK(sum.x == 2 && sum.w == 11 && (a << 1).z == 6 && (a & 1).y == 0 && (-a).x == -1);
  int4 gt = a > (int4)(2);
  CHECK(gt.x == 0 && gt.z == -1);
  short2 sh2 = (short2)(-3, 7) >> (short2)(1);
  CHECK(sh2.x == -2 && sh2.y == 3);
  int4 r = a.wzyx;
  CHECK(r.x == 4 && r.w == 1);
  float4 f = convert_float4(a) * 2.0f;
  CHECK(f.x == 2.0f && f.w == 8.0f);
  CHECK(convert_int(2.5f) == 2 && convert_int_rte(2.5f) == 2 && convert_int_rtp(2.1f) == 3);
  CHECK(convert_uchar_sat(300) == 255 && convert_char_sat(-300) == -128 && convert_uchar(300) == 44);
  CHECK(as_uint(1.0f) == 0x3f800000u && as_float(0x40000000) == 2.0f);
  uchar4 bytes = as_uchar4(0x04030201u);
  CHECK(bytes.x == 1 && bytes.w == 4);
  CHECK(add_sat(1, INT_MAX) == INT_MAX && sub_sat(0u, 1u) == 0u && add_sat((char)100, (char)100) == 127);
  CHECK(mad24(2, 3, 1) == 7 && mul24(-2, 3) == -6 && mul_hi(1 << 30, 8) == 2);
  CHECK(rotate(1u, 31u) == 0x80000000u && clz(1u) == 31 && popcount(0xF0u) == 4 && ctz(8u) == 3);
  CHECK(abs(-5) == 5u && abs_diff(2, 9) == 7u && hadd(3, 4) == 3 && rhadd(3, 4) == 4);
  CHECK(clamp(15, 0, 10) == 10 && min(3u, 4u) == 3u && max(-1, 1) == 1);
  CHECK(upsample((short)1, (ushort)2) == 0x10002);
  int4 c = clamp(a, 2, 3);
  CHECK(c.x == 2 && c.w == 3);
  CHECK(sqrt(4.0f) == 2.0f && fmax(1.0f, 2.0f) == 2.0f && mix(0.0f, 1.0f, 0.5f) == 0.5f);
  CHECK(fma(2.0f, 3.0f, 1.0f) == 7.0f && mad(2.0f, 3.0f, 1.0f) == 7.0f && pown(2.0f, 3) == 8.0f);
  CHECK(step(1.0f, 2.0f) == 1.0f && sign(-3.0f) == -1.0f && clamp(5.0f, 0.0f, 1.0f) == 1.0f);
  CHECK(native_sqrt(9.0f) == 3.0f && rsqrt(4.0f) == 0.5f && floor(-1.5f) == -2.0f);
  float4 s = sqrt((float4)(1.0f, 4.0f, 9.0f, 16.0f));
  CHECK(s.y == 2.0f && s.w == 4.0f);
  CHECK(isequal(1.0f, 1.0f) == 1 && isnan(NAN) == 1 && signbit(-0.0f) == 1);
  int4 lt = isless((float4)(1.0f, 5.0f, 1.0f, 5.0f), (float4)(2.0f));
  CHECK(lt.x == -1 && lt.y == 0 && any(lt) == 1 && all(lt) == 0);
  int4 sel = select((int4)(1), (int4)(2), (int4)(0, -1, 0, -1));
  CHECK(sel.x == 1 && sel.y == 2 && bitselect(0xF0u, 0x0Fu, 0xFFu) == 0x0Fu);
  CHECK(dot((float4)(1.0f, 2.0f, 3.0f, 4.0f), (float4)(1.0f)) == 10.0f);
  CHECK(length((float2)(3.0f, 4.0f)) == 5.0f && distance((float2)(0.0f), (float2)(3.0f, 4.0f)) == 5.0f);
  float4 x = cross((float4)(1.0f, 0.0f, 0.0f, 0.0f), (float4)(0.0f, 1.0f, 0.0f, 0.0f));
  CHECK(x.z == 1.0f && x.x == 0.0f);
  uint4 m = (uint4)(3, 2, 1, 0);
  int4 sh = shuffle(a, m);
  CHECK(sh.x == 4 && sh.w == 1);
  out[0] = sh.x;
  vstore4((int4)(5, 6, 7, 8), 1, out);
  int3 back = vload3(1, out + 1);
  CHECK(back.x == 5 && back.z == 7 && vload2(2, out).y == 6); // out[4..6], out[4..5]
}
