/* The OpenCL C builtins scopemc models, included into every .cl input (OpenCL C 2.0 or 3.0
   with the generic address space). Builtins not defined here keep Clang's declarations and
   are reported as unsupported functions, by name, when a kernel calls them.

   Work-items: get_global_id, get_local_id, get_group_id, get_local_size,
   get_enqueued_local_size, get_num_groups, get_global_size, get_global_offset, get_work_dim,
   get_local_linear_id, get_global_linear_id.
   Synchronisation: barrier, work_group_barrier (block scope), atomic_work_item_fence,
   mem_fence, read_mem_fence, write_mem_fence.
   C11-style atomics on atomic_int/uint/long/ulong (and load/store/exchange/compare-exchange
   on atomic_float): atomic_init, atomic_load, atomic_store, atomic_exchange,
   atomic_compare_exchange_strong/weak, atomic_fetch_add/sub/and/or/xor/min/max, each also
   _explicit with an order and optionally a memory_scope; atomic_flag_test_and_set and
   atomic_flag_clear (also _explicit). Without a scope the scope is memory_scope_device.
   memory_scope_sub_group is taken as work_group.
   OpenCL 1.x atomics (relaxed; device scope on __global, work-group scope on __local):
   atomic_add/sub/xchg/inc/dec/cmpxchg/min/max/and/or/xor and the atom_* forms.
   Asynchronous copies: async_work_group_copy, async_work_group_strided_copy,
   wait_group_events, prefetch; vloadN and vstoreN (below). The rest of the library (conversions, math, integer,
   relational, geometric functions) is computed by the interpreter (program/OpenClLib.h). */
#ifndef SCOPEMC_OPENCL_H
#define SCOPEMC_OPENCL_H

#include "scopemc/api.h"

#define __SCOPEMC_OCL static inline __attribute__((overloadable, always_inline))

__SCOPEMC_INLINE int __scopemc_ocl_scope(memory_scope s) {
  return s == 4 /* sub-group */ ? 1 : (int)s;
}

#define scopemc_assert(cond) __VERIFIER_assert(!!(cond))
#ifndef assert
#define assert(cond) scopemc_assert(cond)
#endif

/* ---- work-items ---- */
__SCOPEMC_OCL size_t get_local_id(uint d) { return d < 3 ? __scopemc_id(__SCOPEMC_ID_THREAD + d) : 0; }
__SCOPEMC_OCL size_t get_group_id(uint d) { return d < 3 ? __scopemc_id(__SCOPEMC_ID_BLOCK + d) : 0; }
__SCOPEMC_OCL size_t get_local_size(uint d) {
  return d < 3 ? __scopemc_id(__SCOPEMC_ID_BLOCK_SIZE + d) : 1;
}
__SCOPEMC_OCL size_t get_enqueued_local_size(uint d) { return get_local_size(d); }
__SCOPEMC_OCL size_t get_num_groups(uint d) {
  return d < 3 ? __scopemc_id(__SCOPEMC_ID_GRID_SIZE + d) : 1;
}
__SCOPEMC_OCL size_t get_global_size(uint d) { return get_num_groups(d) * get_local_size(d); }
__SCOPEMC_OCL size_t get_global_offset(uint d) { return 0; }
__SCOPEMC_OCL size_t get_global_id(uint d) {
  return get_group_id(d) * get_local_size(d) + get_local_id(d);
}
__SCOPEMC_OCL uint get_work_dim(void) {
  return get_global_size(2) > 1 ? 3 : get_global_size(1) > 1 ? 2 : 1;
}
__SCOPEMC_OCL size_t get_local_linear_id(void) {
  return (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0);
}
__SCOPEMC_OCL size_t get_global_linear_id(void) {
  return (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) +
         get_global_id(0);
}

/* ---- barriers and fences ---- */
/* A barrier orders the memory its flags name: CLK_LOCAL_MEM_FENCE the work-group's local
   memory, CLK_GLOBAL_MEM_FENCE the rest; with neither it only waits (OpenCL C, barrier). */
__SCOPEMC_OCL void barrier(cl_mem_fence_flags flags) { __scopemc_barrier_fences(1, (int)flags); }
__SCOPEMC_OCL void work_group_barrier(cl_mem_fence_flags flags) {
  __scopemc_barrier_fences(1, (int)flags);
}
__SCOPEMC_OCL void work_group_barrier(cl_mem_fence_flags flags, memory_scope scope) {
  __scopemc_barrier_fences(1, (int)flags);
}
/* Fences order the memory their flags name, as barriers do. */
__SCOPEMC_OCL void atomic_work_item_fence(cl_mem_fence_flags flags, memory_order order,
                                          memory_scope scope) {
  __scopemc_fence_fences(order, __scopemc_ocl_scope(scope), (int)flags);
}
__SCOPEMC_OCL void mem_fence(cl_mem_fence_flags flags) {
  __scopemc_fence_fences(memory_order_acq_rel, memory_scope_work_group, (int)flags);
}
__SCOPEMC_OCL void read_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }
__SCOPEMC_OCL void write_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }

/* ---- C11-style atomics ---- */
#define __SCOPEMC_IBITS(v) ((__scopemc_u64)(uint)(v))
#define __SCOPEMC_LBITS(v) ((__scopemc_u64)(v))
#define __SCOPEMC_FBITS(v) ((__scopemc_u64)__builtin_astype((v), uint))
#define __SCOPEMC_IVAL(C, b) ((C)(b))
#define __SCOPEMC_FVAL(C, b) __builtin_astype((uint)(b), float)
#define __SCOPEMC_DEV memory_scope_device

#define __SCOPEMC_OCL_BASIC(A, C, BITS, VAL)                                                  \
  __SCOPEMC_OCL void atomic_init(volatile A *o, C v) { *(volatile C *)o = v; }                 \
  __SCOPEMC_OCL C atomic_load_explicit(volatile A *o, memory_order m, memory_scope s) {        \
    return VAL(C, __scopemc_load(o, sizeof(C), m, __scopemc_ocl_scope(s)));                   \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_load_explicit(volatile A *o, memory_order m) {                        \
    return atomic_load_explicit(o, m, __SCOPEMC_DEV);                                         \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_load(volatile A *o) {                                                \
    return atomic_load_explicit(o, memory_order_seq_cst, __SCOPEMC_DEV);                      \
  }                                                                                           \
  __SCOPEMC_OCL void atomic_store_explicit(volatile A *o, C v, memory_order m, memory_scope s) { \
    __scopemc_store(o, sizeof(C), BITS(v), m, __scopemc_ocl_scope(s));                        \
  }                                                                                           \
  __SCOPEMC_OCL void atomic_store_explicit(volatile A *o, C v, memory_order m) {               \
    atomic_store_explicit(o, v, m, __SCOPEMC_DEV);                                            \
  }                                                                                           \
  __SCOPEMC_OCL void atomic_store(volatile A *o, C v) {                                       \
    atomic_store_explicit(o, v, memory_order_seq_cst, __SCOPEMC_DEV);                         \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_exchange_explicit(volatile A *o, C v, memory_order m, memory_scope s) { \
    return VAL(C, __scopemc_rmw(o, sizeof(C), __SCOPEMC_RMW_XCHG, BITS(v), m,                 \
                                __scopemc_ocl_scope(s)));                                     \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_exchange_explicit(volatile A *o, C v, memory_order m) {               \
    return atomic_exchange_explicit(o, v, m, __SCOPEMC_DEV);                                  \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_exchange(volatile A *o, C v) {                                       \
    return atomic_exchange_explicit(o, v, memory_order_seq_cst, __SCOPEMC_DEV);               \
  }                                                                                           \
  __SCOPEMC_OCL bool atomic_compare_exchange_strong_explicit(                                 \
      volatile A *o, C *expected, C desired, memory_order succ, memory_order fail,            \
      memory_scope s) {                                                                       \
    C want = *expected;                                                                       \
    C old = VAL(C, __scopemc_cas(o, sizeof(C), BITS(want), BITS(desired), succ, fail,         \
                                 __scopemc_ocl_scope(s)));                                    \
    if (BITS(old) == BITS(want))                                                              \
      return true;                                                                            \
    *expected = old;                                                                          \
    return false;                                                                             \
  }                                                                                           \
  __SCOPEMC_OCL bool atomic_compare_exchange_strong_explicit(                                 \
      volatile A *o, C *expected, C desired, memory_order succ, memory_order fail) {          \
    return atomic_compare_exchange_strong_explicit(o, expected, desired, succ, fail,          \
                                                   __SCOPEMC_DEV);                            \
  }                                                                                           \
  __SCOPEMC_OCL bool atomic_compare_exchange_strong(volatile A *o, C *expected, C desired) {  \
    return atomic_compare_exchange_strong_explicit(o, expected, desired, memory_order_seq_cst, \
                                                   memory_order_seq_cst, __SCOPEMC_DEV);      \
  }                                                                                           \
  /* no spurious failures: weak behaves as strong */                                          \
  __SCOPEMC_OCL bool atomic_compare_exchange_weak_explicit(                                   \
      volatile A *o, C *expected, C desired, memory_order succ, memory_order fail,            \
      memory_scope s) {                                                                       \
    return atomic_compare_exchange_strong_explicit(o, expected, desired, succ, fail, s);      \
  }                                                                                           \
  __SCOPEMC_OCL bool atomic_compare_exchange_weak_explicit(                                   \
      volatile A *o, C *expected, C desired, memory_order succ, memory_order fail) {          \
    return atomic_compare_exchange_strong_explicit(o, expected, desired, succ, fail,          \
                                                   __SCOPEMC_DEV);                            \
  }                                                                                           \
  __SCOPEMC_OCL bool atomic_compare_exchange_weak(volatile A *o, C *expected, C desired) {    \
    return atomic_compare_exchange_strong(o, expected, desired);                              \
  }

#define __SCOPEMC_OCL_FETCH(NAME, A, C, OP)                                                   \
  __SCOPEMC_OCL C atomic_fetch_##NAME##_explicit(volatile A *o, C v, memory_order m,           \
                                                 memory_scope s) {                            \
    return (C)__scopemc_rmw(o, sizeof(C), OP, (__scopemc_u64)v, m, __scopemc_ocl_scope(s));   \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_fetch_##NAME##_explicit(volatile A *o, C v, memory_order m) {         \
    return atomic_fetch_##NAME##_explicit(o, v, m, __SCOPEMC_DEV);                            \
  }                                                                                           \
  __SCOPEMC_OCL C atomic_fetch_##NAME(volatile A *o, C v) {                                   \
    return atomic_fetch_##NAME##_explicit(o, v, memory_order_seq_cst, __SCOPEMC_DEV);         \
  }

#define __SCOPEMC_OCL_INTEGER(A, C, MIN, MAX)                                                 \
  __SCOPEMC_OCL_BASIC(A, C, __SCOPEMC_LBITS, __SCOPEMC_IVAL)                                  \
  __SCOPEMC_OCL_FETCH(add, A, C, __SCOPEMC_RMW_ADD)                                           \
  __SCOPEMC_OCL_FETCH(sub, A, C, __SCOPEMC_RMW_SUB)                                           \
  __SCOPEMC_OCL_FETCH(and, A, C, __SCOPEMC_RMW_AND)                                           \
  __SCOPEMC_OCL_FETCH(or, A, C, __SCOPEMC_RMW_OR)                                             \
  __SCOPEMC_OCL_FETCH(xor, A, C, __SCOPEMC_RMW_XOR)                                           \
  __SCOPEMC_OCL_FETCH(min, A, C, MIN)                                                         \
  __SCOPEMC_OCL_FETCH(max, A, C, MAX)

__SCOPEMC_OCL_INTEGER(atomic_int, int, __SCOPEMC_RMW_MIN, __SCOPEMC_RMW_MAX)
__SCOPEMC_OCL_INTEGER(atomic_uint, uint, __SCOPEMC_RMW_UMIN, __SCOPEMC_RMW_UMAX)
__SCOPEMC_OCL_INTEGER(atomic_long, long, __SCOPEMC_RMW_MIN, __SCOPEMC_RMW_MAX)
__SCOPEMC_OCL_INTEGER(atomic_ulong, ulong, __SCOPEMC_RMW_UMIN, __SCOPEMC_RMW_UMAX)
__SCOPEMC_OCL_BASIC(atomic_float, float, __SCOPEMC_FBITS, __SCOPEMC_FVAL)

/* atomic_flag: an int that is 0 (clear) or 1 (set) */
__SCOPEMC_OCL bool atomic_flag_test_and_set_explicit(volatile atomic_flag *f, memory_order m,
                                                     memory_scope s) {
  return __scopemc_rmw(f, sizeof(int), __SCOPEMC_RMW_XCHG, 1, m, __scopemc_ocl_scope(s)) != 0;
}
__SCOPEMC_OCL bool atomic_flag_test_and_set_explicit(volatile atomic_flag *f, memory_order m) {
  return atomic_flag_test_and_set_explicit(f, m, __SCOPEMC_DEV);
}
__SCOPEMC_OCL bool atomic_flag_test_and_set(volatile atomic_flag *f) {
  return atomic_flag_test_and_set_explicit(f, memory_order_seq_cst, __SCOPEMC_DEV);
}
__SCOPEMC_OCL void atomic_flag_clear_explicit(volatile atomic_flag *f, memory_order m,
                                              memory_scope s) {
  __scopemc_store(f, sizeof(int), 0, m, __scopemc_ocl_scope(s));
}
__SCOPEMC_OCL void atomic_flag_clear_explicit(volatile atomic_flag *f, memory_order m) {
  atomic_flag_clear_explicit(f, m, __SCOPEMC_DEV);
}
__SCOPEMC_OCL void atomic_flag_clear(volatile atomic_flag *f) {
  atomic_flag_clear_explicit(f, memory_order_seq_cst, __SCOPEMC_DEV);
}

/* ---- OpenCL 1.x atomics: relaxed, at the scope of the memory they act on ---- */
#define __SCOPEMC_LEGACY1(NAME, AS, T, SCOPE, OP, ARG)                                        \
  __SCOPEMC_OCL T NAME(volatile AS T *p, T v) {                                               \
    return (T)__scopemc_rmw(p, sizeof(T), OP, (__scopemc_u64)(ARG), memory_order_relaxed, SCOPE); \
  }
#define __SCOPEMC_LEGACY0(NAME, AS, T, SCOPE, OP)                                             \
  __SCOPEMC_OCL T NAME(volatile AS T *p) {                                                    \
    return (T)__scopemc_rmw(p, sizeof(T), OP, 1, memory_order_relaxed, SCOPE);                \
  }
#define __SCOPEMC_LEGACY_CAS(NAME, AS, T, SCOPE)                                              \
  __SCOPEMC_OCL T NAME(volatile AS T *p, T cmp, T v) {                                        \
    return (T)__scopemc_cas(p, sizeof(T), (__scopemc_u64)cmp, (__scopemc_u64)v,               \
                            memory_order_relaxed, memory_order_relaxed, SCOPE);               \
  }
#define __SCOPEMC_LEGACY_ALL(P, AS, T, SCOPE, MIN, MAX)                                       \
  __SCOPEMC_LEGACY1(P##_add, AS, T, SCOPE, __SCOPEMC_RMW_ADD, v)                              \
  __SCOPEMC_LEGACY1(P##_sub, AS, T, SCOPE, __SCOPEMC_RMW_SUB, v)                              \
  __SCOPEMC_LEGACY1(P##_xchg, AS, T, SCOPE, __SCOPEMC_RMW_XCHG, v)                            \
  __SCOPEMC_LEGACY1(P##_min, AS, T, SCOPE, MIN, v)                                            \
  __SCOPEMC_LEGACY1(P##_max, AS, T, SCOPE, MAX, v)                                            \
  __SCOPEMC_LEGACY1(P##_and, AS, T, SCOPE, __SCOPEMC_RMW_AND, v)                              \
  __SCOPEMC_LEGACY1(P##_or, AS, T, SCOPE, __SCOPEMC_RMW_OR, v)                                \
  __SCOPEMC_LEGACY1(P##_xor, AS, T, SCOPE, __SCOPEMC_RMW_XOR, v)                              \
  __SCOPEMC_LEGACY0(P##_inc, AS, T, SCOPE, __SCOPEMC_RMW_ADD)                                 \
  __SCOPEMC_LEGACY0(P##_dec, AS, T, SCOPE, __SCOPEMC_RMW_SUB)                                 \
  __SCOPEMC_LEGACY_CAS(P##_cmpxchg, AS, T, SCOPE)
#define __SCOPEMC_LEGACY_SPACES(P, T, MIN, MAX)                                               \
  __SCOPEMC_LEGACY_ALL(P, __global, T, memory_scope_device, MIN, MAX)                         \
  __SCOPEMC_LEGACY_ALL(P, __local, T, memory_scope_work_group, MIN, MAX)

__SCOPEMC_LEGACY_SPACES(atomic, int, __SCOPEMC_RMW_MIN, __SCOPEMC_RMW_MAX)
__SCOPEMC_LEGACY_SPACES(atomic, uint, __SCOPEMC_RMW_UMIN, __SCOPEMC_RMW_UMAX)
__SCOPEMC_LEGACY_SPACES(atom, int, __SCOPEMC_RMW_MIN, __SCOPEMC_RMW_MAX)
__SCOPEMC_LEGACY_SPACES(atom, uint, __SCOPEMC_RMW_UMIN, __SCOPEMC_RMW_UMAX)
__SCOPEMC_LEGACY_SPACES(atom, long, __SCOPEMC_RMW_MIN, __SCOPEMC_RMW_MAX)
__SCOPEMC_LEGACY_SPACES(atom, ulong, __SCOPEMC_RMW_UMIN, __SCOPEMC_RMW_UMAX)

/* ---- asynchronous copies ---- */
/* async_work_group_copy and async_work_group_strided_copy are work-group collectives: every
   work-item of the work-group must reach the copy with the same arguments (a meeting that
   orders no memory; one that does not reach it is barrier divergence, one with other
   arguments undefined behaviour). The copy is pending until wait_group_events: each work-item
   notes it (no memory is touched at the call), and the wait performs every pending copy, each
   work-item its share, before its work-group barrier on local and global memory. So nothing
   between the call and the wait orders the copy: a barrier there does not, a read of the
   destination or a write of the source there races with it, and two copies in flight to one
   range race with each other. Element k of the work-group's c-th pending copy is copied by the
   work-item whose local linear id is (S-1-(k mod S)+c) mod S (S the work-group's size), so a
   work-item reading "its own" element reads another work-item's write. A copy's event names
   it (a fresh one, or the event the call was given, which the copy then joins);
   wait_group_events performs the copies of the events it lists, and the others stay pending:
   a kernel that ends with a copy pending is undefined behaviour. prefetch has no effect. */
/* event_t from and to its number (0: no event): the interpreter's identity. */
event_t __scopemc_event(__scopemc_u64 id);
__scopemc_u64 __scopemc_event_id(event_t e);
__SCOPEMC_OCL size_t __scopemc_group_size(void) {
  return get_local_size(0) * get_local_size(1) * get_local_size(2);
}
/* The arguments of a work-group function, folded into one value every work-item must agree on
   (OpenCL: "the same for all work-items in the work-group"). */
__SCOPEMC_OCL __scopemc_u64 __scopemc_fold(__scopemc_u64 h, __scopemc_u64 v) {
  return (h ^ v) * 0x100000001b3UL;
}
#define __SCOPEMC_VECTORS(X, T) X(T) X(T##2) X(T##3) X(T##4) X(T##8) X(T##16)
#ifdef cl_khr_fp64
#define __SCOPEMC_ASYNC_DOUBLE(X) __SCOPEMC_VECTORS(X, double)
#else
#define __SCOPEMC_ASYNC_DOUBLE(X)
#endif
#define __SCOPEMC_ASYNC_TYPES(X)                                                              \
  __SCOPEMC_VECTORS(X, char) __SCOPEMC_VECTORS(X, uchar) __SCOPEMC_VECTORS(X, short)         \
  __SCOPEMC_VECTORS(X, ushort) __SCOPEMC_VECTORS(X, int) __SCOPEMC_VECTORS(X, uint)          \
  __SCOPEMC_VECTORS(X, long) __SCOPEMC_VECTORS(X, ulong) __SCOPEMC_VECTORS(X, float)         \
  __SCOPEMC_ASYNC_DOUBLE(X)
#define __SCOPEMC_ASYNC_ID(T) __scopemc_async_id_##T,
enum { __SCOPEMC_ASYNC_TYPES(__SCOPEMC_ASYNC_ID) __scopemc_async_types };
/* The pending copy's shape: its element type and direction (into local memory: even). */
#define __SCOPEMC_ASYNC_COPY(T, DIR, WHICH)                                          \
  __scopemc_u64 h = __scopemc_fold(0xcbf29ce484222325UL, (__scopemc_u64)dst);                \
  h = __scopemc_fold(__scopemc_fold(__scopemc_fold(h, (__scopemc_u64)src), n), stride);       \
  __scopemc_u64 event = __scopemc_event_id(e);                                                \
  __scopemc_collective(2, __SCOPEMC_COLL_UNIFORM, 0, __scopemc_fold(h, event), WHICH);       \
  return __scopemc_event(__scopemc_async_note((__scopemc_u64)dst, (__scopemc_u64)src, n,      \
                                              stride, __scopemc_async_id_##T * 2 + DIR,       \
                                              event));
#define __SCOPEMC_ASYNC_ONE(T, DST, SRC, DIR)                                                 \
  __SCOPEMC_OCL event_t async_work_group_copy(DST T *dst, const SRC T *src, size_t n,         \
                                              event_t e) {                                    \
    const size_t stride = 1;                                                                  \
    __SCOPEMC_ASYNC_COPY(T, DIR, 1)                                                 \
  }                                                                                           \
  __SCOPEMC_OCL event_t async_work_group_strided_copy(DST T *dst, const SRC T *src, size_t n, \
                                                      size_t stride, event_t e) {             \
    __SCOPEMC_ASYNC_COPY(T, DIR, 2)                                                 \
  }
#define __SCOPEMC_ASYNC(T)                                                                    \
  __SCOPEMC_ASYNC_ONE(T, __local, __global, 0)                                                \
  __SCOPEMC_ASYNC_ONE(T, __global, __local, 1)                                                \
  __SCOPEMC_OCL void __scopemc_async_in_##T(__scopemc_u64 d, __scopemc_u64 s, size_t k,       \
                                            size_t stride) {                                  \
    ((__local T *)d)[k] = ((const __global T *)s)[k * stride];                                \
  }                                                                                           \
  __SCOPEMC_OCL void __scopemc_async_out_##T(__scopemc_u64 d, __scopemc_u64 s, size_t k,      \
                                             size_t stride) {                                 \
    ((__global T *)d)[k * stride] = ((const __local T *)s)[k];                                \
  }                                                                                           \
  __SCOPEMC_OCL void prefetch(const __global T *p, size_t n) {}
__SCOPEMC_ASYNC_TYPES(__SCOPEMC_ASYNC)
#define __SCOPEMC_ASYNC_CASE(T)                                                               \
  case __scopemc_async_id_##T * 2:                                                            \
    __scopemc_async_in_##T(d, s, k, stride);                                                  \
    break;                                                                                    \
  case __scopemc_async_id_##T * 2 + 1:                                                        \
    __scopemc_async_out_##T(d, s, k, stride);                                                 \
    break;
/* This work-item's share of the pending copies of its work-group that `events` lists. */
__SCOPEMC_OCL void __scopemc_async_run(int m, event_t *events) {
  size_t S = __scopemc_group_size(), me = get_local_linear_id();
  __scopemc_u64 count = __scopemc_async_pending(0, 6);
  for (__scopemc_u64 c = 0; c < count; c++) {
    __scopemc_u64 id = __scopemc_async_pending(c, 5);
    int listed = 0;
    for (int j = 0; j < m; j++)
      listed = listed || __scopemc_event_id(events[j]) == id;
    if (!listed)
      continue;
    __scopemc_u64 d = __scopemc_async_pending(c, 0), s = __scopemc_async_pending(c, 1);
    size_t n = __scopemc_async_pending(c, 2), stride = __scopemc_async_pending(c, 3);
    __scopemc_u64 shape = __scopemc_async_pending(c, 4);
    for (size_t k = (S - 1 + c % S + S - me) % S; k < n; k += S)
      switch (shape) {
        __SCOPEMC_ASYNC_TYPES(__SCOPEMC_ASYNC_CASE)
      }
  }
  for (int j = 0; j < m; j++) /* done: no longer pending */
    __scopemc_async_pending(__scopemc_event_id(events[j]), 7);
}
#undef __SCOPEMC_ASYNC_CASE
#undef __SCOPEMC_ASYNC
#undef __SCOPEMC_ASYNC_ONE
#undef __SCOPEMC_ASYNC_COPY
#undef __SCOPEMC_ASYNC_ID
#undef __SCOPEMC_ASYNC_TYPES
#undef __SCOPEMC_ASYNC_DOUBLE
#undef __SCOPEMC_VECTORS
__SCOPEMC_OCL void wait_group_events(int n, event_t *events) {
  int m = n < 0 ? 0 : n;
  __scopemc_u64 h = __scopemc_fold(0xcbf29ce484222325UL, (__scopemc_u64)n);
  for (int j = 0; j < m; j++)
    h = __scopemc_fold(h, __scopemc_event_id(events[j]));
  __scopemc_collective(2, __SCOPEMC_COLL_UNIFORM, 0, h, 3);
  __scopemc_async_run(m, events);
  __scopemc_barrier_fences(1, 3);
}

/* ---- vector loads and stores ---- */
/* vloadN(offset, p) reads the N elements at p + offset * N, vstoreN(v, offset, p) writes
   them: element by element, as the element type's accesses (vload3 reads 3 elements at
   p + offset * 3). */
#define __SCOPEMC_VLOAD(T, N, AS)                                                             \
  __SCOPEMC_OCL T##N vload##N(size_t offset, const AS T *p) {                                 \
    T##N v;                                                                                   \
    for (int k = 0; k < N; ++k)                                                               \
      v[k] = p[offset * N + k];                                                               \
    return v;                                                                                 \
  }
#define __SCOPEMC_VSTORE(T, N, AS)                                                            \
  __SCOPEMC_OCL void vstore##N(T##N v, size_t offset, AS T *p) {                              \
    for (int k = 0; k < N; ++k)                                                               \
      p[offset * N + k] = v[k];                                                               \
  }
#define __SCOPEMC_VLOADSTORE(T, N)                                                            \
  __SCOPEMC_VLOAD(T, N, )                                                                     \
  __SCOPEMC_VLOAD(T, N, __constant)                                                           \
  __SCOPEMC_VSTORE(T, N, )
#define __SCOPEMC_VLOADSTORE_ALL(T)                                                           \
  __SCOPEMC_VLOADSTORE(T, 2)                                                                  \
  __SCOPEMC_VLOADSTORE(T, 3)                                                                  \
  __SCOPEMC_VLOADSTORE(T, 4)                                                                  \
  __SCOPEMC_VLOADSTORE(T, 8)                                                                  \
  __SCOPEMC_VLOADSTORE(T, 16)
__SCOPEMC_VLOADSTORE_ALL(char)
__SCOPEMC_VLOADSTORE_ALL(uchar)
__SCOPEMC_VLOADSTORE_ALL(short)
__SCOPEMC_VLOADSTORE_ALL(ushort)
__SCOPEMC_VLOADSTORE_ALL(int)
__SCOPEMC_VLOADSTORE_ALL(uint)
__SCOPEMC_VLOADSTORE_ALL(long)
__SCOPEMC_VLOADSTORE_ALL(ulong)
__SCOPEMC_VLOADSTORE_ALL(float)
#ifdef cl_khr_fp64
__SCOPEMC_VLOADSTORE_ALL(double)
#endif
#undef __SCOPEMC_VLOADSTORE_ALL
#undef __SCOPEMC_VLOADSTORE
#undef __SCOPEMC_VSTORE
#undef __SCOPEMC_VLOAD

#endif
