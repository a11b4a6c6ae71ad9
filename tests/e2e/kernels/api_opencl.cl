// Every OpenCL C builtin scopemc models, with OpenCL's results (--kernel api --grid 2x2).
global atomic_int ai;
global atomic_uint au;
global atomic_long al;
global atomic_ulong aul;
global atomic_float af;
global atomic_flag flag;
global int li;
global uint lu;
global long ll;
global ulong lul;

void c11_atomics(void) {
  atomic_init(&ai, 5);
  assert(atomic_load(&ai) == 5 && atomic_load_explicit(&ai, memory_order_acquire) == 5);
  assert(atomic_load_explicit(&ai, memory_order_relaxed, memory_scope_work_item) == 5);
  atomic_store(&ai, 6);
  atomic_store_explicit(&ai, 7, memory_order_release);
  atomic_store_explicit(&ai, 8, memory_order_seq_cst, memory_scope_all_svm_devices);
  assert(atomic_exchange(&ai, 9) == 8 && atomic_exchange_explicit(&ai, 10, memory_order_acq_rel) == 9);
  assert(atomic_exchange_explicit(&ai, -1, memory_order_relaxed, memory_scope_sub_group) == 10);
  int e = 0;
  assert(!atomic_compare_exchange_strong(&ai, &e, 1) && e == -1);
  assert(atomic_compare_exchange_strong_explicit(&ai, &e, 1, memory_order_acq_rel, memory_order_acquire));
  assert(atomic_compare_exchange_strong_explicit(&ai, &e, 2, memory_order_seq_cst, memory_order_relaxed,
                                                 memory_scope_work_group) == false && e == 1);
  assert(atomic_compare_exchange_weak(&ai, &e, 2));
  e = 2;
  assert(atomic_compare_exchange_weak_explicit(&ai, &e, 3, memory_order_relaxed, memory_order_relaxed));
  assert(atomic_compare_exchange_weak_explicit(&ai, &e, 4, memory_order_relaxed, memory_order_relaxed,
                                               memory_scope_device) == false && e == 3);
  assert(atomic_fetch_add(&ai, 2) == 3 && atomic_fetch_sub(&ai, 10) == 5);
  assert(atomic_fetch_min(&ai, -7) == -5 && atomic_fetch_max(&ai, 1) == -7); // signed
  assert(atomic_fetch_or(&ai, 6) == 1 && atomic_fetch_xor(&ai, 1) == 7 && atomic_fetch_and(&ai, 3) == 6);
  assert(atomic_fetch_add_explicit(&ai, 1, memory_order_relaxed) == 2);
  assert(atomic_fetch_sub_explicit(&ai, 1, memory_order_relaxed, memory_scope_work_group) == 3);
  assert(atomic_fetch_and_explicit(&ai, 1, memory_order_relaxed) == 2);
  assert(atomic_fetch_or_explicit(&ai, 4, memory_order_relaxed, memory_scope_device) == 0);
  assert(atomic_fetch_xor_explicit(&ai, 4, memory_order_relaxed) == 4);
  assert(atomic_fetch_min_explicit(&ai, 1, memory_order_relaxed) == 0);
  assert(atomic_fetch_max_explicit(&ai, 2, memory_order_relaxed, memory_scope_device) == 0);
  atomic_init(&au, 3u);
  assert(atomic_fetch_min(&au, 0xFFFFFFFFu) == 3 && atomic_fetch_max(&au, 0xFFFFFFFFu) == 3); // unsigned
  assert(atomic_load(&au) == 0xFFFFFFFFu);
  atomic_init(&al, 1);
  assert(atomic_fetch_add(&al, 1L << 40) == 1 && atomic_load(&al) == (1L << 40) + 1);
  atomic_init(&aul, 2);
  assert(atomic_exchange(&aul, 5ul) == 2 && atomic_fetch_max(&aul, 7ul) == 5);
  atomic_init(&af, 1.5f);
  assert(atomic_load(&af) == 1.5f && atomic_exchange(&af, 2.5f) == 1.5f);
  float fe = 2.5f;
  assert(atomic_compare_exchange_strong(&af, &fe, 3.5f) && atomic_load(&af) == 3.5f);
  atomic_store(&af, 0.5f);
  assert(atomic_load(&af) == 0.5f);
  assert(!atomic_flag_test_and_set(&flag) && atomic_flag_test_and_set(&flag));
  atomic_flag_clear(&flag);
  assert(!atomic_flag_test_and_set_explicit(&flag, memory_order_acquire));
  atomic_flag_clear_explicit(&flag, memory_order_release);
  assert(!atomic_flag_test_and_set_explicit(&flag, memory_order_acq_rel, memory_scope_device));
  atomic_flag_clear_explicit(&flag, memory_order_seq_cst, memory_scope_work_group);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  write_mem_fence(CLK_LOCAL_MEM_FENCE);
}

void legacy_atomics(local int *lt) {
  assert(atomic_add(&li, 5) == 0 && atomic_sub(&li, 1) == 5 && atomic_xchg(&li, 9) == 4);
  assert(atomic_inc(&li) == 9 && atomic_dec(&li) == 10 && atomic_cmpxchg(&li, 9, 2) == 9);
  assert(atomic_min(&li, -1) == 2 && atomic_max(&li, 3) == -1 && atomic_and(&li, 1) == 3);
  assert(atomic_or(&li, 6) == 1 && atomic_xor(&li, 2) == 7 && li == 5);
  assert(atomic_add(&lu, 1u) == 0 && atomic_min(&lu, 0xFFFFFFFFu) == 1 && atomic_max(&lu, 0xFFFFFFFFu) == 1);
  assert(atom_add(&li, 1) == 5 && atom_sub(&li, 1) == 6 && atom_xchg(&li, 0) == 5 && atom_inc(&li) == 0);
  assert(atom_dec(&li) == 1 && atom_cmpxchg(&li, 0, 3) == 0 && atom_min(&li, 1) == 3 && atom_max(&li, 2) == 1);
  assert(atom_and(&li, 3) == 2 && atom_or(&li, 1) == 2 && atom_xor(&li, 3) == 3 && li == 0);
  assert(atom_add(&lu, 2u) == 0xFFFFFFFFu && atom_min(&lu, 5u) == 1);
  assert(atom_add(&ll, 1L << 40) == 0 && atom_max(&ll, -1L) == 1L << 40);
  assert(atom_add(&lul, 1ul) == 0 && atom_max(&lul, 0xFFFFFFFFFFul) == 1 && lul == 0xFFFFFFFFFFul);
  atomic_add(lt, 1);
  atom_add(lt, 1);
  assert(atomic_cmpxchg(lt, 2, 0) == 2);
}

kernel void api(global uint *seen) {
  local int lt;
  local int tile[2];
  size_t t = get_local_id(0);
  tile[t] = (int)t;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  size_t g = get_global_id(0);
  seen[g] = get_group_id(0) * 1000 + get_local_size(0) * 100 + get_num_groups(0) * 10 + get_work_dim() +
            get_global_size(0) * 10000 + get_global_offset(0) + get_enqueued_local_size(1) +
            get_local_linear_id() * 100000 + get_global_linear_id() * 1000000 + tile[1 - t];
  if (g == 0) {
    lt = 0;
    c11_atomics();
    legacy_atomics(&lt);
  }
}

void api_post(global uint *seen) {
  for (uint g = 0; g < 4; ++g)
    assert(seen[g] == g * 1000000 + (g % 2) * 100000 + 40000 + (g / 2) * 1000 + 200 + 20 + 1 + 1 + (1 - g % 2));
}
