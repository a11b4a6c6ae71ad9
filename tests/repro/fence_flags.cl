// Message passing through a relaxed flag with OpenCL fences around it (OpenCL C, mem_fence and
// atomic_work_item_fence): the fences order only the memory their flags name. -DDATA_LOCAL
// puts the datum in __local memory (else __global), -DFLAGS=... gives both fences' flags.
// Work-item 0 writes the datum, fences, sets the flag; work-item 1 reads the flag, fences,
// reads the datum: a data race unless the flags name the datum's memory.
#ifndef FLAGS
#define FLAGS (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#endif
__kernel void foo(__global int *g, __global atomic_int *flag) {
#ifdef DATA_LOCAL
  __local int d[1];
#else
  __global int *d = g;
#endif
  if (get_local_id(0) == 0) {
    d[0] = 1;
    atomic_work_item_fence(FLAGS, memory_order_release, memory_scope_work_group);
    atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_work_group);
  } else if (atomic_load_explicit(flag, memory_order_relaxed, memory_scope_work_group) == 1) {
    atomic_work_item_fence(FLAGS, memory_order_acquire, memory_scope_work_group);
    int v = d[0];
    (void)v;
  }
}
