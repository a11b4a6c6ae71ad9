// Neighbour exchange through a work-group barrier (--kernel exchange --grid 1x4).
kernel void exchange(global int *a) {
  size_t t = get_local_id(0);
  a[t] = (int)t + 1;
#ifndef NO_BARRIER
  barrier(CLK_GLOBAL_MEM_FENCE);
#endif
  assert(a[(t + 1) % get_local_size(0)] == (int)((t + 1) % get_local_size(0)) + 1);
}
