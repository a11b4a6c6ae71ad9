// The Xiao & Feng inter-block barrier: each work-group synchronises internally, its leader
// raises the group's arrival flag, group 0 waits for every arrival flag and raises the
// release flags, and each leader waits for its release flag. Every work-item writes its slot
// before the barrier and reads a slot of the next group after it.
// Run:  scopemc examples/opencl/xfbarrier.cl --kernel xfbarrier --grid 4x3
//   -- -DRELAXED_ACQUIRE / -DRELAXED_RELEASE   racy variants
#include "variants.h"

kernel void xfbarrier(global atomic_int *arrive, global atomic_int *release, global int *slot) {
  size_t g = get_global_id(0), b = get_group_id(0), t = get_local_id(0);
  size_t groups = get_num_groups(0), size = get_local_size(0);
  slot[g] = (int)g + 1;

  barrier(CLK_GLOBAL_MEM_FENCE);
  if (t == 0)
    atomic_store_explicit(&arrive[b], 1, REL, memory_scope_device);
  if (b == 0) {
    for (size_t o = t; o < groups; o += size)
      while (atomic_load_explicit(&arrive[o], ACQ, memory_scope_device) != 1)
        ;
    barrier(CLK_GLOBAL_MEM_FENCE);
    for (size_t o = t; o < groups; o += size)
      atomic_store_explicit(&release[o], 1, REL, memory_scope_device);
  }
  if (t == 0)
    while (atomic_load_explicit(&release[b], ACQ, memory_scope_device) != 1)
      ;
  barrier(CLK_GLOBAL_MEM_FENCE);

  size_t other = (g + size) % (groups * size);
  assert(slot[other] == (int)other + 1);
}
