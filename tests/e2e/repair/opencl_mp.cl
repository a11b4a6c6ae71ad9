// Message passing between two work-groups; the flag's accesses are work-group scoped.
kernel void mp(global int *data, global atomic_int *flag) {
  if (get_group_id(0) == 0) {
    *data = 42;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_work_group);
  } else if (atomic_load_explicit(flag, memory_order_acquire, memory_scope_work_group) == 1) {
    int d = *data;
    (void)d;
  }
}
