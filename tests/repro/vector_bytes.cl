// The bytes of a vector read through a char pointer (little-endian, as every OpenCL device
// scopemc models): byte 4 of (int4)(0, 1, 2, 3) is 1, byte 8 is 2.
__kernel void foo(__global int *out) {
  int4 a = (int4)(0, 1, 2, 3);
  char *cp = (char *)&a;
  out[get_global_id(0)] = cp[4] + 10 * cp[8];
}
void foo_post(__global int *out) { assert(out[0] == 21 && out[1] == 21); }
