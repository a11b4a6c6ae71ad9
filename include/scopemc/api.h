/* The calls scopemc's interpreter implements for its kernel headers (scopemc.h,
   scopemc/cuda.h, scopemc/opencl.h). Programs use those headers, not these calls.

   Encodings shared with interpreter/Kernel.cpp:
   - orders are C11 memory_order values (__ATOMIC_RELAXED .. __ATOMIC_SEQ_CST);
   - scopes: 0 thread, 1 block (work-group), 2 device, 3 system (OpenCL's memory_scope
     values for work_item, work_group, device and all_svm_devices);
   - read-modify-write operations: the __SCOPEMC_RMW_* values below;
   - __scopemc_id: 0-2 thread index x/y/z, 3-5 block index, 6-8 block size, 9-11 grid size,
     12 device. */
#ifndef SCOPEMC_API_H
#define SCOPEMC_API_H

#ifdef __OPENCL_C_VERSION__
typedef ulong __scopemc_u64;
#define __SCOPEMC_EXTERN
#elif defined(__cplusplus)
typedef unsigned long long __scopemc_u64;
#define __SCOPEMC_EXTERN extern "C"
#else
typedef unsigned long long __scopemc_u64;
#define __SCOPEMC_EXTERN
#endif

#define __SCOPEMC_RMW_XCHG 0
#define __SCOPEMC_RMW_ADD 1
#define __SCOPEMC_RMW_SUB 2
#define __SCOPEMC_RMW_AND 3
#define __SCOPEMC_RMW_OR 4
#define __SCOPEMC_RMW_XOR 5
#define __SCOPEMC_RMW_MIN 6
#define __SCOPEMC_RMW_MAX 7
#define __SCOPEMC_RMW_UMIN 8
#define __SCOPEMC_RMW_UMAX 9
#define __SCOPEMC_RMW_FADD 10
#define __SCOPEMC_RMW_FSUB 11
#define __SCOPEMC_RMW_UINC_WRAP 12 /* CUDA's atomicInc: old >= v ? 0 : old + 1 */
#define __SCOPEMC_RMW_UDEC_WRAP 13 /* CUDA's atomicDec: old == 0 || old > v ? v : old - 1 */

/* Collectives (__scopemc_collective): what each participant gets back. */
#define __SCOPEMC_COLL_SYNC 0      /* nothing: __syncwarp */
#define __SCOPEMC_COLL_SHFL 1      /* the value of lane `operand` */
#define __SCOPEMC_COLL_BALLOT 2    /* the lanes whose value is non-zero */
#define __SCOPEMC_COLL_ALL 3       /* every value non-zero */
#define __SCOPEMC_COLL_ANY 4       /* some value non-zero */
#define __SCOPEMC_COLL_COUNT 5     /* how many values are non-zero */
#define __SCOPEMC_COLL_MATCH_ANY 6 /* the lanes with my value */
#define __SCOPEMC_COLL_MATCH_ALL 7 /* all lanes when all values are equal, else 0 */
#define __SCOPEMC_COLL_ADD 8       /* 32-bit reductions */
#define __SCOPEMC_COLL_MIN 9
#define __SCOPEMC_COLL_MAX 10
#define __SCOPEMC_COLL_UMIN 11
#define __SCOPEMC_COLL_UMAX 12
#define __SCOPEMC_COLL_AND 13
#define __SCOPEMC_COLL_OR 14
#define __SCOPEMC_COLL_XOR 15
#define __SCOPEMC_COLL_ACTIVE 16 /* the lanes that call it together (mask unused): __activemask */
/* Level 2 only: the block's values must all be equal, else an undefined-behaviour error names
   the call by `operand` (1 async_work_group_copy, 2 async_work_group_strided_copy,
   3 wait_group_events); orders no memory. */
#define __SCOPEMC_COLL_UNIFORM 17

#define __SCOPEMC_ID_THREAD 0
#define __SCOPEMC_ID_BLOCK 3
#define __SCOPEMC_ID_BLOCK_SIZE 6
#define __SCOPEMC_ID_GRID_SIZE 9
#define __SCOPEMC_ID_DEVICE 12
#define __SCOPEMC_ID_LANE 13 /* then 14-18: the lanes below, up to, above, from, at it */

#define __SCOPEMC_INLINE static inline __attribute__((always_inline))

__SCOPEMC_EXTERN __scopemc_u64 __scopemc_load(const volatile void *p, unsigned size, int order,
                                              int scope);
__SCOPEMC_EXTERN void __scopemc_store(volatile void *p, unsigned size, __scopemc_u64 value,
                                      int order, int scope);
__SCOPEMC_EXTERN __scopemc_u64 __scopemc_rmw(volatile void *p, unsigned size, int op,
                                             __scopemc_u64 value, int order, int scope);
/* Returns the old value; the swap happened when it equals `expected`. */
__SCOPEMC_EXTERN __scopemc_u64 __scopemc_cas(volatile void *p, unsigned size,
                                             __scopemc_u64 expected, __scopemc_u64 desired,
                                             int success, int failure, int scope);
__SCOPEMC_EXTERN void __scopemc_fence(int order, int scope);
/* scope 1: the caller's block; scope 2: every thread of the caller's kernel launch. */
__SCOPEMC_EXTERN void __scopemc_barrier(int scope);
/* A block barrier that orders only the memory `fences` names (1: block-shared/local memory,
   2: the rest; OpenCL's CLK_LOCAL_MEM_FENCE and CLK_GLOBAL_MEM_FENCE). */
__SCOPEMC_EXTERN void __scopemc_barrier_fences(int scope, int fences);
/* A fence that orders only the memory `fences` names (as __scopemc_barrier_fences). */
__SCOPEMC_EXTERN void __scopemc_fence_fences(int order, int scope, int fences);
__SCOPEMC_EXTERN unsigned __scopemc_id(int which);
/* A collective of the caller's warp (level 0: the lanes `mask` names, which must include the
   caller) or block (level 1: a block barrier; level 2: a meeting that orders no memory, for
   __SCOPEMC_COLL_UNIFORM; mask unused); see __SCOPEMC_COLL_*. */
__SCOPEMC_EXTERN __scopemc_u64 __scopemc_collective(int level, int op, unsigned mask,
                                                    __scopemc_u64 value, __scopemc_u64 operand);
/* OpenCL's pending asynchronous copies, kept per work-item (include/scopemc/opencl.h):
   note one (its destination, source, count, stride, shape, and the event it joins, 0 for a
   fresh one; returns its event); read field `field` of the k-th (0-4 as noted, 5 its event),
   their count (field 6), or forget those of event k (field 7). No memory is touched. */
__SCOPEMC_EXTERN __scopemc_u64 __scopemc_async_note(__scopemc_u64 dst, __scopemc_u64 src,
                                                    __scopemc_u64 n, __scopemc_u64 stride,
                                                    __scopemc_u64 shape, __scopemc_u64 event);
__SCOPEMC_EXTERN __scopemc_u64 __scopemc_async_pending(__scopemc_u64 k, unsigned field);
#ifndef __OPENCL_C_VERSION__
/* Starts grid x block threads of `kernel(arg)` on `device`; returns a handle for the wait. */
__SCOPEMC_EXTERN int __scopemc_launch(void (*kernel)(void *), void *arg, unsigned device,
                                      unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                      unsigned by, unsigned bz);
__SCOPEMC_EXTERN void __scopemc_wait(int launch);
#endif
__SCOPEMC_EXTERN void __VERIFIER_assert(int cond);
__SCOPEMC_EXTERN void __VERIFIER_assume(int cond);

#endif
