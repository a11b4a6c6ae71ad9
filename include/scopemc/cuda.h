/* CUDA-flavoured kernels for scopemc, in C++ (and in C, without cuda::atomic_ref).

   __global__/__device__/__host__ are accepted and ignored; __shared__ variables have one
   instance per block; threadIdx, blockIdx, blockDim and gridDim; __syncthreads();
   __threadfence(), __threadfence_block(), __threadfence_system(); atomicAdd, atomicSub,
   atomicExch, atomicMin, atomicMax, atomicAnd, atomicOr, atomicXor, atomicCAS with CUDA's
   semantics (relaxed, device scope) and their _block and _system forms; in C++
   cuda::atomic_ref<T, Scope>, cuda::atomic<T, Scope>, cuda::atomic_thread_fence and
   scopemc::launch(grid, block, kernel, args...) for kernels with any parameters.
   A kernel launch is written scopemc_launch(kernel, grid, block, arg) (see scopemc.h), or
   give --kernel NAME --grid BxT on the command line. `extern __shared__` (dynamically sized
   shared memory) is not supported. */
#ifndef SCOPEMC_CUDA_H
#define SCOPEMC_CUDA_H

#include <scopemc.h>

#ifndef __CUDA__ /* in CUDA mode (.cu files) <cuda_runtime.h> defines them */
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __shared__ static __attribute__((section("scopemc_shared")))
#endif

typedef struct uint3 {
  unsigned x, y, z;
} uint3;

#ifdef __cplusplus
struct dim3 {
  unsigned x, y, z;
  __attribute__((always_inline)) constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1)
      : x(vx), y(vy), z(vz) {}
  __attribute__((always_inline)) constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
#else
typedef struct dim3 {
  unsigned x, y, z;
} dim3;
#endif

__SCOPEMC_INLINE uint3 __scopemc_uint3(int base) {
  uint3 r;
  r.x = __scopemc_id(base);
  r.y = __scopemc_id(base + 1);
  r.z = __scopemc_id(base + 2);
  return r;
}
__SCOPEMC_INLINE dim3 __scopemc_dim3(int base) {
  uint3 v = __scopemc_uint3(base);
  dim3 r;
  r.x = v.x;
  r.y = v.y;
  r.z = v.z;
  return r;
}

#define threadIdx __scopemc_uint3(__SCOPEMC_ID_THREAD)
#define blockIdx __scopemc_uint3(__SCOPEMC_ID_BLOCK)
#define blockDim __scopemc_dim3(__SCOPEMC_ID_BLOCK_SIZE)
#define gridDim __scopemc_dim3(__SCOPEMC_ID_GRID_SIZE)

#define __syncthreads() __scopemc_barrier(1)
#define __threadfence_block() __scopemc_fence(__ATOMIC_SEQ_CST, scopemc_scope_block)
#define __threadfence() __scopemc_fence(__ATOMIC_SEQ_CST, scopemc_scope_device)
#define __threadfence_system() __scopemc_fence(__ATOMIC_SEQ_CST, scopemc_scope_system)

#ifdef __cplusplus

template <class T> struct __scopemc_same { using type = T; };

/* Bits of a value as the interpreter's calls take them, and back. */
template <class T> __SCOPEMC_INLINE __scopemc_u64 __scopemc_to_bits(T v) {
  if constexpr (sizeof(T) == 4 && __is_floating_point(T))
    return __builtin_bit_cast(unsigned, v);
  else if constexpr (sizeof(T) == 8 && __is_floating_point(T))
    return __builtin_bit_cast(__scopemc_u64, v);
  else
    return (__scopemc_u64)v;
}
template <class T> __SCOPEMC_INLINE T __scopemc_from_bits(__scopemc_u64 b) {
  if constexpr (sizeof(T) == 4 && __is_floating_point(T))
    return __builtin_bit_cast(T, (unsigned)b);
  else if constexpr (sizeof(T) == 8 && __is_floating_point(T))
    return __builtin_bit_cast(T, b);
  else
    return (T)b;
}

template <class T>
__SCOPEMC_INLINE T __scopemc_rmw_t(volatile T *p, int op, T v, int order, int scope) {
  return __scopemc_from_bits<T>(
      __scopemc_rmw(p, sizeof(T), op, __scopemc_to_bits(v), order, scope));
}
template <class T> __SCOPEMC_INLINE int __scopemc_minmax_op(bool max) {
  if constexpr (__is_signed(T))
    return max ? __SCOPEMC_RMW_MAX : __SCOPEMC_RMW_MIN;
  else
    return max ? __SCOPEMC_RMW_UMAX : __SCOPEMC_RMW_UMIN;
}
template <class T>
__SCOPEMC_INLINE T __scopemc_cas_t(volatile T *p, T expected, T desired, int success, int failure,
                                   int scope) {
  return __scopemc_from_bits<T>(__scopemc_cas(p, sizeof(T), __scopemc_to_bits(expected),
                                              __scopemc_to_bits(desired), success, failure, scope));
}

#define __SCOPEMC_CUDA_ATOMICS(SUFFIX, SCOPE)                                                 \
  template <class T> __SCOPEMC_INLINE T atomicAdd##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __is_floating_point(T) ? __SCOPEMC_RMW_FADD : __SCOPEMC_RMW_ADD, \
                              v, __ATOMIC_RELAXED, SCOPE);                                    \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicSub##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_SUB, v, __ATOMIC_RELAXED, SCOPE);              \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicExch##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_XCHG, v, __ATOMIC_RELAXED, SCOPE);             \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicMin##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __scopemc_minmax_op<T>(false), v, __ATOMIC_RELAXED, SCOPE);  \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicMax##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __scopemc_minmax_op<T>(true), v, __ATOMIC_RELAXED, SCOPE);   \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicAnd##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_AND, v, __ATOMIC_RELAXED, SCOPE);              \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicOr##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_OR, v, __ATOMIC_RELAXED, SCOPE);               \
  }                                                                                           \
  template <class T> __SCOPEMC_INLINE T atomicXor##SUFFIX(T *p, typename __scopemc_same<T>::type v) { \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_XOR, v, __ATOMIC_RELAXED, SCOPE);              \
  }                                                                                           \
  template <class T>                                                                          \
  __SCOPEMC_INLINE T atomicInc##SUFFIX(T *p, typename __scopemc_same<T>::type v) {            \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_UINC_WRAP, v, __ATOMIC_RELAXED, SCOPE);        \
  }                                                                                           \
  template <class T>                                                                          \
  __SCOPEMC_INLINE T atomicDec##SUFFIX(T *p, typename __scopemc_same<T>::type v) {            \
    return __scopemc_rmw_t<T>(p, __SCOPEMC_RMW_UDEC_WRAP, v, __ATOMIC_RELAXED, SCOPE);        \
  }                                                                                           \
  template <class T>                                                                          \
  __SCOPEMC_INLINE T atomicCAS##SUFFIX(T *p, typename __scopemc_same<T>::type compare,         \
                                       typename __scopemc_same<T>::type val) {               \
    return __scopemc_cas_t<T>(p, compare, val, __ATOMIC_RELAXED, __ATOMIC_RELAXED, SCOPE);    \
  }

__SCOPEMC_CUDA_ATOMICS(, scopemc_scope_device)
__SCOPEMC_CUDA_ATOMICS(_block, scopemc_scope_block)
__SCOPEMC_CUDA_ATOMICS(_system, scopemc_scope_system)
#undef __SCOPEMC_CUDA_ATOMICS

#define __SCOPEMC_MEMBER inline __attribute__((always_inline))

namespace cuda {
enum thread_scope {
  thread_scope_thread = scopemc_scope_thread,
  thread_scope_block = scopemc_scope_block,
  thread_scope_device = scopemc_scope_device,
  thread_scope_system = scopemc_scope_system
};
namespace std {
enum memory_order {
  memory_order_relaxed = __ATOMIC_RELAXED,
  memory_order_consume = __ATOMIC_CONSUME,
  memory_order_acquire = __ATOMIC_ACQUIRE,
  memory_order_release = __ATOMIC_RELEASE,
  memory_order_acq_rel = __ATOMIC_ACQ_REL,
  memory_order_seq_cst = __ATOMIC_SEQ_CST
};
} // namespace std
using std::memory_order;
using std::memory_order_acq_rel;
using std::memory_order_acquire;
using std::memory_order_consume;
using std::memory_order_relaxed;
using std::memory_order_release;
using std::memory_order_seq_cst;

/* The failure order C++ derives from a single order given to compare_exchange. */
constexpr memory_order __failure_order(memory_order o) {
  return o == memory_order_acq_rel ? memory_order_acquire
         : o == memory_order_release ? memory_order_relaxed
                                     : o;
}

template <class T, thread_scope S = thread_scope_system> class atomic_ref {
public:
  __SCOPEMC_MEMBER explicit atomic_ref(T &obj) : p_(&obj) {}
  __SCOPEMC_MEMBER T load(memory_order o = memory_order_seq_cst) const {
    return __scopemc_from_bits<T>(__scopemc_load(p_, sizeof(T), o, S));
  }
  __SCOPEMC_MEMBER void store(T v, memory_order o = memory_order_seq_cst) const {
    __scopemc_store(p_, sizeof(T), __scopemc_to_bits(v), o, S);
  }
  __SCOPEMC_MEMBER T exchange(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __SCOPEMC_RMW_XCHG, v, o, S);
  }
  __SCOPEMC_MEMBER bool compare_exchange_strong(T &expected, T desired, memory_order success,
                                                memory_order failure) const {
    T old = __scopemc_cas_t<T>(p_, expected, desired, success, failure, S);
    bool ok = old == expected;
    expected = old;
    return ok;
  }
  __SCOPEMC_MEMBER bool compare_exchange_strong(T &expected, T desired,
                                                memory_order o = memory_order_seq_cst) const {
    return compare_exchange_strong(expected, desired, o, __failure_order(o));
  }
  /* No spurious failures: the weak form behaves as the strong one. */
  __SCOPEMC_MEMBER bool compare_exchange_weak(T &expected, T desired, memory_order success,
                                              memory_order failure) const {
    return compare_exchange_strong(expected, desired, success, failure);
  }
  __SCOPEMC_MEMBER bool compare_exchange_weak(T &expected, T desired,
                                              memory_order o = memory_order_seq_cst) const {
    return compare_exchange_strong(expected, desired, o, __failure_order(o));
  }
  __SCOPEMC_MEMBER T fetch_add(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __is_floating_point(T) ? __SCOPEMC_RMW_FADD : __SCOPEMC_RMW_ADD,
                              v, o, S);
  }
  __SCOPEMC_MEMBER T fetch_sub(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __is_floating_point(T) ? __SCOPEMC_RMW_FSUB : __SCOPEMC_RMW_SUB,
                              v, o, S);
  }
  __SCOPEMC_MEMBER T fetch_and(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __SCOPEMC_RMW_AND, v, o, S);
  }
  __SCOPEMC_MEMBER T fetch_or(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __SCOPEMC_RMW_OR, v, o, S);
  }
  __SCOPEMC_MEMBER T fetch_xor(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __SCOPEMC_RMW_XOR, v, o, S);
  }
  __SCOPEMC_MEMBER T fetch_min(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __scopemc_minmax_op<T>(false), v, o, S);
  }
  __SCOPEMC_MEMBER T fetch_max(T v, memory_order o = memory_order_seq_cst) const {
    return __scopemc_rmw_t<T>(p_, __scopemc_minmax_op<T>(true), v, o, S);
  }
  /* C++20's wait: returns once a load with order o reads a value other than old (a spin loop:
     the iterations that read old again are cut, docs/dpor.md section 4). notify wakes no one:
     a waiter polls. */
  __SCOPEMC_MEMBER void wait(T old, memory_order o = memory_order_seq_cst) const {
    while (load(o) == old)
      ;
  }
  __SCOPEMC_MEMBER void notify_one() const {}
  __SCOPEMC_MEMBER void notify_all() const {}
  static constexpr bool is_always_lock_free = true;
  __SCOPEMC_MEMBER bool is_lock_free() const { return true; }
  __SCOPEMC_MEMBER operator T() const { return load(); }
  __SCOPEMC_MEMBER T operator=(T v) const {
    store(v);
    return v;
  }
  __SCOPEMC_MEMBER T operator++() const { return fetch_add(1) + 1; }
  __SCOPEMC_MEMBER T operator++(int) const { return fetch_add(1); }
  __SCOPEMC_MEMBER T operator--() const { return fetch_sub(1) - 1; }
  __SCOPEMC_MEMBER T operator--(int) const { return fetch_sub(1); }
  __SCOPEMC_MEMBER T operator+=(T v) const { return fetch_add(v) + v; }
  __SCOPEMC_MEMBER T operator-=(T v) const { return fetch_sub(v) - v; }
  __SCOPEMC_MEMBER T operator&=(T v) const { return fetch_and(v) & v; }
  __SCOPEMC_MEMBER T operator|=(T v) const { return fetch_or(v) | v; }
  __SCOPEMC_MEMBER T operator^=(T v) const { return fetch_xor(v) ^ v; }

private:
  T *p_;
};

/* An atomic object; its operations are those of atomic_ref on its value. */
template <class T, thread_scope S = thread_scope_system> class atomic {
public:
  atomic() = default; /* (trivial, as libcu++'s: a __shared__ atomic is allowed, uninitialised) */
  __SCOPEMC_MEMBER constexpr atomic(T v) : v_(v) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  __SCOPEMC_MEMBER atomic_ref<T, S> ref() const { return atomic_ref<T, S>(v_); }
  __SCOPEMC_MEMBER T load(memory_order o = memory_order_seq_cst) const { return ref().load(o); }
  __SCOPEMC_MEMBER void store(T v, memory_order o = memory_order_seq_cst) { ref().store(v, o); }
  __SCOPEMC_MEMBER T exchange(T v, memory_order o = memory_order_seq_cst) { return ref().exchange(v, o); }
  __SCOPEMC_MEMBER bool compare_exchange_strong(T &e, T d, memory_order s, memory_order f) {
    return ref().compare_exchange_strong(e, d, s, f);
  }
  __SCOPEMC_MEMBER bool compare_exchange_strong(T &e, T d, memory_order o = memory_order_seq_cst) {
    return ref().compare_exchange_strong(e, d, o);
  }
  __SCOPEMC_MEMBER bool compare_exchange_weak(T &e, T d, memory_order s, memory_order f) {
    return ref().compare_exchange_strong(e, d, s, f);
  }
  __SCOPEMC_MEMBER bool compare_exchange_weak(T &e, T d, memory_order o = memory_order_seq_cst) {
    return ref().compare_exchange_strong(e, d, o);
  }
  __SCOPEMC_MEMBER T fetch_add(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_add(v, o); }
  __SCOPEMC_MEMBER T fetch_sub(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_sub(v, o); }
  __SCOPEMC_MEMBER T fetch_and(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_and(v, o); }
  __SCOPEMC_MEMBER T fetch_or(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_or(v, o); }
  __SCOPEMC_MEMBER T fetch_xor(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_xor(v, o); }
  __SCOPEMC_MEMBER T fetch_min(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_min(v, o); }
  __SCOPEMC_MEMBER T fetch_max(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_max(v, o); }
  __SCOPEMC_MEMBER operator T() const { return load(); }
  __SCOPEMC_MEMBER T operator=(T v) {
    store(v);
    return v;
  }
  __SCOPEMC_MEMBER T operator++() { return fetch_add(1) + 1; }
  __SCOPEMC_MEMBER T operator++(int) { return fetch_add(1); }
  __SCOPEMC_MEMBER T operator--() { return fetch_sub(1) - 1; }
  __SCOPEMC_MEMBER T operator--(int) { return fetch_sub(1); }
  __SCOPEMC_MEMBER T operator+=(T v) { return ref() += v; }
  __SCOPEMC_MEMBER T operator-=(T v) { return ref() -= v; }
  __SCOPEMC_MEMBER T operator&=(T v) { return ref() &= v; }
  __SCOPEMC_MEMBER T operator|=(T v) { return ref() |= v; }
  __SCOPEMC_MEMBER T operator^=(T v) { return ref() ^= v; }
  __SCOPEMC_MEMBER void wait(T old, memory_order o = memory_order_seq_cst) const { ref().wait(old, o); }
  __SCOPEMC_MEMBER void notify_one() {}
  __SCOPEMC_MEMBER void notify_all() {}
  static constexpr bool is_always_lock_free = true;
  __SCOPEMC_MEMBER bool is_lock_free() const { return true; }

private:
  mutable T v_; /* (mutable: a const atomic is still loaded through an atomic_ref) */
};

__SCOPEMC_INLINE void atomic_thread_fence(memory_order o, thread_scope s = thread_scope_system) {
  __scopemc_fence(o, s);
}
} // namespace cuda

#ifndef __CUDA__ /* CUDA mode: <cuda_runtime.h> launches with <<<>>> */
namespace scopemc {
template <class F> void __launch_trampoline(void *f) { (*static_cast<const F *>(f))(); }

/* Runs kernel(args...) on a grid of `grid` blocks of `block` threads of `device` and waits. */
template <class... P, class... A>
void launch_on(unsigned device, dim3 grid, dim3 block, void (*kernel)(P...), A... args) {
  auto call = [=] { kernel(args...); };
  __scopemc_wait(__scopemc_launch(&__launch_trampoline<decltype(call)>, (void *)&call, device,
                                  grid.x, grid.y, grid.z, block.x, block.y, block.z));
}
template <class... P, class... A>
void launch(dim3 grid, dim3 block, void (*kernel)(P...), A... args) {
  launch_on(0, grid, block, kernel, args...);
}
} // namespace scopemc
#endif

#else /* C */

__SCOPEMC_INLINE __scopemc_u64 __scopemc_fbits(float f) {
  union {
    float f;
    unsigned u;
  } x;
  x.f = f;
  return x.u;
}
__SCOPEMC_INLINE __scopemc_u64 __scopemc_dbits(double d) {
  union {
    double d;
    __scopemc_u64 u;
  } x;
  x.d = d;
  return x.u;
}
__SCOPEMC_INLINE float __scopemc_fadd_f(float *p, float v, int scope) {
  union {
    unsigned u;
    float f;
  } x;
  x.u = (unsigned)__scopemc_rmw(p, 4, __SCOPEMC_RMW_FADD, __scopemc_fbits(v), __ATOMIC_RELAXED, scope);
  return x.f;
}
__SCOPEMC_INLINE double __scopemc_fadd_d(double *p, double v, int scope) {
  union {
    __scopemc_u64 u;
    double d;
  } x;
  x.u = __scopemc_rmw(p, 8, __SCOPEMC_RMW_FADD, __scopemc_dbits(v), __ATOMIC_RELAXED, scope);
  return x.d;
}

#define __SCOPEMC_CUDA_ADD(p, v, s)                                                           \
  _Generic(*(p), float: __scopemc_fadd_f((float *)(p), (v), (s)),                              \
           double: __scopemc_fadd_d((double *)(p), (v), (s)),                                 \
           default: scopemc_fetch_add((p), (v), __ATOMIC_RELAXED, (s)))
#define __SCOPEMC_CUDA_CAS(p, c, v, s)                                                        \
  ((__SCOPEMC_VT(p))__scopemc_cas((p), sizeof(*(p)), __SCOPEMC_BITS(p, c), __SCOPEMC_BITS(p, v), \
                                  __ATOMIC_RELAXED, __ATOMIC_RELAXED, (s)))

#define atomicAdd(p, v) __SCOPEMC_CUDA_ADD(p, v, scopemc_scope_device)
#define atomicAdd_block(p, v) __SCOPEMC_CUDA_ADD(p, v, scopemc_scope_block)
#define atomicAdd_system(p, v) __SCOPEMC_CUDA_ADD(p, v, scopemc_scope_system)
#define atomicCAS(p, c, v) __SCOPEMC_CUDA_CAS(p, c, v, scopemc_scope_device)
#define atomicCAS_block(p, c, v) __SCOPEMC_CUDA_CAS(p, c, v, scopemc_scope_block)
#define atomicCAS_system(p, c, v) __SCOPEMC_CUDA_CAS(p, c, v, scopemc_scope_system)
#define atomicSub(p, v) scopemc_fetch_sub((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicSub_block(p, v) scopemc_fetch_sub((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicSub_system(p, v) scopemc_fetch_sub((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)
#define atomicExch(p, v) scopemc_exchange((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicExch_block(p, v) scopemc_exchange((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicExch_system(p, v) scopemc_exchange((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)
#define atomicMin(p, v) scopemc_fetch_min((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicMin_block(p, v) scopemc_fetch_min((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicMin_system(p, v) scopemc_fetch_min((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)
#define atomicMax(p, v) scopemc_fetch_max((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicMax_block(p, v) scopemc_fetch_max((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicMax_system(p, v) scopemc_fetch_max((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)
#define atomicAnd(p, v) scopemc_fetch_and((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicAnd_block(p, v) scopemc_fetch_and((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicAnd_system(p, v) scopemc_fetch_and((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)
#define atomicOr(p, v) scopemc_fetch_or((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicOr_block(p, v) scopemc_fetch_or((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicOr_system(p, v) scopemc_fetch_or((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)
#define atomicXor(p, v) scopemc_fetch_xor((p), (v), __ATOMIC_RELAXED, scopemc_scope_device)
#define atomicXor_block(p, v) scopemc_fetch_xor((p), (v), __ATOMIC_RELAXED, scopemc_scope_block)
#define atomicXor_system(p, v) scopemc_fetch_xor((p), (v), __ATOMIC_RELAXED, scopemc_scope_system)

#endif /* __cplusplus */

#endif
