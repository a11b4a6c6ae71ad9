// An OpenCL work-group sum in local memory without its barriers: the repair adds
// barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE) where the work-items must wait.
__kernel void wgsum(__global const int *in, __global int *out, __local int *tmp) {
  size_t l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  for (size_t k = get_local_size(0) / 2; k > 0; k /= 2) {
    if (l < k)
      tmp[l] += tmp[l + k];
  }
  if (l == 0)
    out[get_group_id(0)] = tmp[0];
}
