// Calls an OpenCL builtin scopemc does not model.
kernel void k(global float *a, global half *h) {
  a[get_global_id(0)] = vload_half(0, h);
}
