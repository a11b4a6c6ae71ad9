/* scopemc's kernel API for C and C++ (see the README, "GPU kernels").

   - Scoped atomics on integer and pointer objects, each taking a memory order and a scope:
       scopemc_load(p, order, scope)            scopemc_store(p, v, order, scope)
       scopemc_exchange(p, v, order, scope)     scopemc_compare_exchange(p, &expected,
       scopemc_fetch_add/sub/and/or/xor/min/max(p, v, order, scope)   desired, succ, fail, scope)
       scopemc_fence(order, scope)
     Orders: scopemc_relaxed, scopemc_acquire, scopemc_release, scopemc_acq_rel,
     scopemc_seq_cst (the C11 memory_order values, so memory_order_* work too in C).
     Scopes: scopemc_scope_thread, scopemc_scope_block, scopemc_scope_device,
     scopemc_scope_system.
   - Inside a kernel: scopemc_thread_id(), scopemc_block_id(), scopemc_block_size(),
     scopemc_grid_size(), scopemc_global_id(), scopemc_device() (x dimension; the _index /
     _extent forms take an axis 0-2); scopemc_block_barrier(), scopemc_grid_barrier().
   - From host code: scopemc_launch(kernel, blocks, threads, arg) runs `void kernel(T *arg)`
     on a grid of `blocks` blocks of `threads` threads of device 0 and waits for it;
     scopemc_launch_async(device, kernel, blocks, threads, arg) returns a scopemc_stream to
     give to scopemc_wait(). scopemc_launch_dims takes scopemc_dim3 extents. What the host
     wrote before a launch is visible to the kernel; what the kernel wrote is visible after
     the wait. */
#ifndef SCOPEMC_H
#define SCOPEMC_H

#include "scopemc/api.h"

typedef enum scopemc_scope {
  scopemc_scope_thread = 0,
  scopemc_scope_block = 1,
  scopemc_scope_device = 2,
  scopemc_scope_system = 3
} scopemc_scope;

typedef enum scopemc_order {
  scopemc_relaxed = __ATOMIC_RELAXED,
  scopemc_acquire = __ATOMIC_ACQUIRE,
  scopemc_release = __ATOMIC_RELEASE,
  scopemc_acq_rel = __ATOMIC_ACQ_REL,
  scopemc_seq_cst = __ATOMIC_SEQ_CST
} scopemc_order;

typedef struct scopemc_dim3 {
  unsigned x, y, z;
} scopemc_dim3;

typedef int scopemc_stream;

/* The object type of *p without qualifiers, and whether it is a signed integer type. */
#ifdef __cplusplus
#define __SCOPEMC_VT(p) __remove_cvref(decltype(*(p)))
#define __SCOPEMC_SIGNED(p) __is_signed(__SCOPEMC_VT(p))
#else
#define __SCOPEMC_VT(p) __typeof_unqual__(*(p))
#define __SCOPEMC_SIGNED(p)                                                                  \
  _Generic((__SCOPEMC_VT(p))0, signed char: 1, short: 1, int: 1, long: 1, long long: 1,       \
           char: ((char)-1 < 0), default: 0)
#endif
#define __SCOPEMC_BITS(p, v) ((__scopemc_u64)(__SCOPEMC_VT(p))(v))

#define scopemc_load(p, order, scope)                                                         \
  ((__SCOPEMC_VT(p))__scopemc_load((p), sizeof(*(p)), (int)(order), (int)(scope)))
#define scopemc_store(p, v, order, scope)                                                     \
  __scopemc_store((p), sizeof(*(p)), __SCOPEMC_BITS(p, v), (int)(order), (int)(scope))
#define __SCOPEMC_RMW(p, op, v, order, scope)                                                 \
  ((__SCOPEMC_VT(p))__scopemc_rmw((p), sizeof(*(p)), (op), __SCOPEMC_BITS(p, v), (int)(order), \
                                  (int)(scope)))
#define scopemc_exchange(p, v, order, scope) __SCOPEMC_RMW(p, __SCOPEMC_RMW_XCHG, v, order, scope)
#define scopemc_fetch_add(p, v, order, scope) __SCOPEMC_RMW(p, __SCOPEMC_RMW_ADD, v, order, scope)
#define scopemc_fetch_sub(p, v, order, scope) __SCOPEMC_RMW(p, __SCOPEMC_RMW_SUB, v, order, scope)
#define scopemc_fetch_and(p, v, order, scope) __SCOPEMC_RMW(p, __SCOPEMC_RMW_AND, v, order, scope)
#define scopemc_fetch_or(p, v, order, scope) __SCOPEMC_RMW(p, __SCOPEMC_RMW_OR, v, order, scope)
#define scopemc_fetch_xor(p, v, order, scope) __SCOPEMC_RMW(p, __SCOPEMC_RMW_XOR, v, order, scope)
#define scopemc_fetch_min(p, v, order, scope)                                                 \
  __SCOPEMC_RMW(p, __SCOPEMC_SIGNED(p) ? __SCOPEMC_RMW_MIN : __SCOPEMC_RMW_UMIN, v, order, scope)
#define scopemc_fetch_max(p, v, order, scope)                                                 \
  __SCOPEMC_RMW(p, __SCOPEMC_SIGNED(p) ? __SCOPEMC_RMW_MAX : __SCOPEMC_RMW_UMAX, v, order, scope)
/* Strong compare-and-swap: returns 1 and stores `desired` when *p equals *expected,
   otherwise returns 0 and writes the value it found to *expected. */
#define scopemc_compare_exchange(p, expected, desired, success, failure, scope)               \
  __extension__({                                                                             \
    __typeof__(p) __scm_p = (p);                                                              \
    __typeof__(expected) __scm_e = (expected);                                                \
    __SCOPEMC_VT(__scm_p) __scm_want = *__scm_e;                                              \
    __SCOPEMC_VT(__scm_p) __scm_old = (__SCOPEMC_VT(__scm_p))__scopemc_cas(                   \
        __scm_p, sizeof(*__scm_p), (__scopemc_u64)__scm_want, __SCOPEMC_BITS(__scm_p, desired), \
        (int)(success), (int)(failure), (int)(scope));                                        \
    int __scm_ok = __scm_old == __scm_want;                                                   \
    if (!__scm_ok)                                                                            \
      *__scm_e = __scm_old;                                                                   \
    __scm_ok;                                                                                 \
  })
#define scopemc_fence(order, scope) __scopemc_fence((int)(order), (int)(scope))

#define scopemc_thread_index(axis) __scopemc_id(__SCOPEMC_ID_THREAD + (axis))
#define scopemc_block_index(axis) __scopemc_id(__SCOPEMC_ID_BLOCK + (axis))
#define scopemc_block_extent(axis) __scopemc_id(__SCOPEMC_ID_BLOCK_SIZE + (axis))
#define scopemc_grid_extent(axis) __scopemc_id(__SCOPEMC_ID_GRID_SIZE + (axis))
#define scopemc_thread_id() scopemc_thread_index(0)
#define scopemc_block_id() scopemc_block_index(0)
#define scopemc_block_size() scopemc_block_extent(0)
#define scopemc_grid_size() scopemc_grid_extent(0)
#define scopemc_global_id() (scopemc_block_id() * scopemc_block_size() + scopemc_thread_id())
#define scopemc_device() __scopemc_id(__SCOPEMC_ID_DEVICE)
#define scopemc_block_barrier() __scopemc_barrier(1)
#define scopemc_grid_barrier() __scopemc_barrier(2)
#define scopemc_assert(cond) __VERIFIER_assert(!!(cond))

#define scopemc_launch_async(device, kernel, blocks, threads, arg)                            \
  __scopemc_launch((void (*)(void *))(kernel), (void *)(arg), (device), (blocks), 1, 1,       \
                   (threads), 1, 1)
#define scopemc_launch(kernel, blocks, threads, arg)                                          \
  __scopemc_wait(scopemc_launch_async(0, kernel, blocks, threads, arg))
#define scopemc_launch_dims(kernel, grid, block, arg)                                         \
  __extension__({                                                                             \
    scopemc_dim3 __scm_g = (grid), __scm_b = (block);                                         \
    __scopemc_wait(__scopemc_launch((void (*)(void *))(kernel), (void *)(arg), 0, __scm_g.x,  \
                                    __scm_g.y, __scm_g.z, __scm_b.x, __scm_b.y, __scm_b.z));  \
  })
#define scopemc_wait(stream) __scopemc_wait(stream)

#endif
