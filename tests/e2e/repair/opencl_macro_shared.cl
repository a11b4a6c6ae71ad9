// One macro gives the scope of three accesses: the two on `local_flag` stay within the
// work-group, the one on `flag` crosses work-groups. Editing the macro would widen all of them,
// so the one use that needs device scope is spelled out (the others keep the macro).
#define SCOPE memory_scope_work_group
kernel void k(global atomic_int *flag, global atomic_int *local_flag) {
  if (get_group_id(0) == 0 && get_local_id(0) == 0) {
    atomic_store_explicit(local_flag, 1, memory_order_relaxed, SCOPE);
    atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_device);
  } else if (get_group_id(0) == 0) {
    atomic_load_explicit(local_flag, memory_order_relaxed, SCOPE);
  } else {
    atomic_load_explicit(flag, memory_order_relaxed, SCOPE);
  }
}
