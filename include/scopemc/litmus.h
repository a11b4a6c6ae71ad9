/* The C API of litmus test bodies (herd's C dialect with OpenCL scopes), on top of
   scopemc.h. Included by the C program scopemc makes of a .litmus test; the translation
   defines __LITMUS_DEFAULT_SCOPE (system for C tests, device for GPU dialects), the scope of
   every atomic call that does not name one.
   C11: atomic_load/store/exchange/compare_exchange_strong/weak/fetch_add/sub/and/or/xor
   (and min/max), each also _explicit; atomic_thread_fence; atomic_init.
   OpenCL: the same _explicit calls with a trailing memory_scope_* argument,
   atomic_work_item_fence, barrier, work_group_barrier. PTX-style scope names
   memory_scope_cta/gpu/system are accepted too. */
#ifndef SCOPEMC_LITMUS_H
#define SCOPEMC_LITMUS_H

#include <stdint.h>
#include <pthread.h>
#include <scopemc.h>
#include "scopemc/genmc.h"

#ifndef __LITMUS_DEFAULT_SCOPE
#define __LITMUS_DEFAULT_SCOPE memory_scope_all_svm_devices
#endif

typedef enum memory_order {
  memory_order_relaxed = __ATOMIC_RELAXED,
  memory_order_consume = __ATOMIC_CONSUME,
  memory_order_acquire = __ATOMIC_ACQUIRE,
  memory_order_release = __ATOMIC_RELEASE,
  memory_order_acq_rel = __ATOMIC_ACQ_REL,
  memory_order_seq_cst = __ATOMIC_SEQ_CST
} memory_order;

typedef enum memory_scope {
  memory_scope_work_item = scopemc_scope_thread,
  memory_scope_work_group = scopemc_scope_block,
  memory_scope_sub_group = scopemc_scope_block,
  memory_scope_device = scopemc_scope_device,
  memory_scope_all_svm_devices = scopemc_scope_system,
  memory_scope_all_devices = scopemc_scope_system,
  memory_scope_cta = scopemc_scope_block,
  memory_scope_gpu = scopemc_scope_device,
  memory_scope_system = scopemc_scope_system
} memory_scope;

typedef _Atomic int atomic_int;
typedef _Atomic unsigned atomic_uint;
typedef _Atomic long atomic_long;
typedef _Atomic unsigned long atomic_ulong;
typedef _Atomic long atomic_intptr_t;
typedef _Atomic unsigned long atomic_uintptr_t;
typedef _Atomic unsigned long atomic_size_t;
typedef _Atomic _Bool atomic_bool;
typedef _Atomic char atomic_char;
typedef _Atomic short atomic_short;
typedef unsigned uint;
typedef unsigned long ulong;

#define global
#define local
#define __global
#define __local
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define CLK_IMAGE_MEM_FENCE 4

/* Picks the implementation by the number of arguments (1 to 6). */
#define __LIT_PICK(_1, _2, _3, _4, _5, _6, NAME, ...) NAME

#define __lit_load(p, o) scopemc_load(p, o, __LITMUS_DEFAULT_SCOPE)
#define __lit_load_s(p, o, s) scopemc_load(p, o, s)
#define atomic_load_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, _, __lit_load_s, __lit_load, _)(__VA_ARGS__)
#define atomic_load(p) __lit_load(p, memory_order_seq_cst)

#define __lit_store(p, v, o) scopemc_store(p, v, o, __LITMUS_DEFAULT_SCOPE)
#define __lit_store_s(p, v, o, s) scopemc_store(p, v, o, s)
#define atomic_store_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_store_s, __lit_store, _, _)(__VA_ARGS__)
#define atomic_store(p, v) __lit_store(p, v, memory_order_seq_cst)
#define atomic_init(p, v) ((void)(*(__SCOPEMC_VT(p) *)(p) = (v)))

#define __lit_rmw(FN, p, v, o) FN(p, v, o, __LITMUS_DEFAULT_SCOPE)
#define __lit_xchg(p, v, o) __lit_rmw(scopemc_exchange, p, v, o)
#define __lit_xchg_s(p, v, o, s) scopemc_exchange(p, v, o, s)
#define atomic_exchange_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_xchg_s, __lit_xchg, _, _)(__VA_ARGS__)
#define atomic_exchange(p, v) __lit_xchg(p, v, memory_order_seq_cst)
#define __lit_add(p, v, o) __lit_rmw(scopemc_fetch_add, p, v, o)
#define __lit_add_s(p, v, o, s) scopemc_fetch_add(p, v, o, s)
#define atomic_fetch_add_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_add_s, __lit_add, _, _)(__VA_ARGS__)
#define atomic_fetch_add(p, v) __lit_add(p, v, memory_order_seq_cst)
#define __lit_sub(p, v, o) __lit_rmw(scopemc_fetch_sub, p, v, o)
#define __lit_sub_s(p, v, o, s) scopemc_fetch_sub(p, v, o, s)
#define atomic_fetch_sub_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_sub_s, __lit_sub, _, _)(__VA_ARGS__)
#define atomic_fetch_sub(p, v) __lit_sub(p, v, memory_order_seq_cst)
#define __lit_and(p, v, o) __lit_rmw(scopemc_fetch_and, p, v, o)
#define __lit_and_s(p, v, o, s) scopemc_fetch_and(p, v, o, s)
#define atomic_fetch_and_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_and_s, __lit_and, _, _)(__VA_ARGS__)
#define atomic_fetch_and(p, v) __lit_and(p, v, memory_order_seq_cst)
#define __lit_or(p, v, o) __lit_rmw(scopemc_fetch_or, p, v, o)
#define __lit_or_s(p, v, o, s) scopemc_fetch_or(p, v, o, s)
#define atomic_fetch_or_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_or_s, __lit_or, _, _)(__VA_ARGS__)
#define atomic_fetch_or(p, v) __lit_or(p, v, memory_order_seq_cst)
#define __lit_xor(p, v, o) __lit_rmw(scopemc_fetch_xor, p, v, o)
#define __lit_xor_s(p, v, o, s) scopemc_fetch_xor(p, v, o, s)
#define atomic_fetch_xor_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_xor_s, __lit_xor, _, _)(__VA_ARGS__)
#define atomic_fetch_xor(p, v) __lit_xor(p, v, memory_order_seq_cst)
#define __lit_min(p, v, o) __lit_rmw(scopemc_fetch_min, p, v, o)
#define __lit_min_s(p, v, o, s) scopemc_fetch_min(p, v, o, s)
#define atomic_fetch_min_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_min_s, __lit_min, _, _)(__VA_ARGS__)
#define atomic_fetch_min(p, v) __lit_min(p, v, memory_order_seq_cst)
#define __lit_max(p, v, o) __lit_rmw(scopemc_fetch_max, p, v, o)
#define __lit_max_s(p, v, o, s) scopemc_fetch_max(p, v, o, s)
#define atomic_fetch_max_explicit(...) __LIT_PICK(__VA_ARGS__, _, _, __lit_max_s, __lit_max, _, _)(__VA_ARGS__)
#define atomic_fetch_max(p, v) __lit_max(p, v, memory_order_seq_cst)

#define __lit_cas(p, e, d, so, fo) scopemc_compare_exchange(p, e, d, so, fo, __LITMUS_DEFAULT_SCOPE)
#define __lit_cas_s(p, e, d, so, fo, s) scopemc_compare_exchange(p, e, d, so, fo, s)
#define atomic_compare_exchange_strong_explicit(...)                                          \
  __LIT_PICK(__VA_ARGS__, __lit_cas_s, __lit_cas, _, _, _, _)(__VA_ARGS__)
#define atomic_compare_exchange_weak_explicit(...)                                            \
  __LIT_PICK(__VA_ARGS__, __lit_cas_s, __lit_cas, _, _, _, _)(__VA_ARGS__)
#define atomic_compare_exchange_strong(p, e, d) __lit_cas(p, e, d, memory_order_seq_cst, memory_order_seq_cst)
#define atomic_compare_exchange_weak(p, e, d) __lit_cas(p, e, d, memory_order_seq_cst, memory_order_seq_cst)

#define atomic_thread_fence(o) scopemc_fence(o, __LITMUS_DEFAULT_SCOPE)
#define atomic_signal_fence(o) ((void)0)
#define atomic_work_item_fence(flags, o, s) scopemc_fence(o, s)
#define barrier(flags) __VERIFIER_syncthread()
#define __lit_wgb(flags) __VERIFIER_syncthread()
#define __lit_wgb_s(flags, s) __VERIFIER_syncthread()
#define work_group_barrier(...) __LIT_PICK(__VA_ARGS__, _, _, _, _, __lit_wgb_s, __lit_wgb, _)(__VA_ARGS__)

/* Places the calling thread: device, work-group, index in it, work-group size. */
#define __litmus_place(d, g, t, n)                                                            \
  do {                                                                                        \
    __VERIFIER_thread_kernel_id(d);                                                           \
    __VERIFIER_thread_group_id(g);                                                            \
    __VERIFIER_thread_local_id(t);                                                            \
    __VERIFIER_groupsize(n);                                                                  \
  } while (0)

#endif
