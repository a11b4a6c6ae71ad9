// An OpenCL barrier orders the memory its flags name (OpenCL C, barrier): -DDATA_LOCAL puts
// the shared datum in __local memory (else __global), -DFLAGS=... the barrier's flags. A
// work-item writes its neighbour's slot after the barrier: a data race unless the flags of
// both work-items name the datum's memory.
#ifndef FLAGS
#define FLAGS (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#endif
__kernel void foo(__global int *g) {
#ifdef DATA_LOCAL
  __local int p[3];
#else
  __global int *p = g;
#endif
  p[get_local_id(0)] = 1;
  barrier(FLAGS);
  p[get_local_id(0) + 1] = 2;
}
