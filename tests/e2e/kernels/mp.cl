// Message passing from work-group 0 to work-group 1 (--kernel mp --grid 2x1).
#ifdef BLOCK_SCOPE
#define SCOPE memory_scope_work_group
#else
#define SCOPE memory_scope_device
#endif

kernel void mp(global int *data, global atomic_int *flag) {
  if (get_group_id(0) == 0) {
    *data = 42;
    atomic_store_explicit(flag, 1, memory_order_release, SCOPE);
  } else if (atomic_load_explicit(flag, memory_order_acquire, SCOPE) == 1) {
    assert(*data == 42);
  }
}
