// Calls an OpenCL builtin scopemc does not model.
kernel void k(global float *a) {
  a[get_global_id(0)] = sin(a[0]);
}
