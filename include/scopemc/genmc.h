/* GenMC-compatible declarations, so that programs written for GenMC (and GPUMC) compile
 * unmodified. What each call means in scopemc is in README.md ("Programs as users write
 * them"); calls scopemc does not model are declared too, so that using one is refused at load
 * with its name and the reason, not reported as an unknown function. */
#ifndef SCOPEMC_GENMC_H
#define SCOPEMC_GENMC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond);
void __VERIFIER_error(void);

/* Data nondeterminism. As in GenMC, a stateless model checker gives each call one value
 * (fixed per thread and call, the same in every execution): other values are not explored,
 * so a run that finds no error ends "bounded", not "verified". */
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
_Bool __VERIFIER_nondet_bool(void);

/* Threads, GenMC style: the create call returns the new thread's id, join its value. */
typedef long __VERIFIER_thread_t;
int __VERIFIER_thread_create(const void *attr, void *(*routine)(void *), void *arg);
int __VERIFIER_thread_create_symmetric(const void *attr, void *(*routine)(void *), void *arg,
                                       __VERIFIER_thread_t like);
void *__VERIFIER_thread_join(__VERIFIER_thread_t th);
__VERIFIER_thread_t __VERIFIER_thread_self(void);
static inline __VERIFIER_thread_t __VERIFIER_spawn(void *(*routine)(void *), void *arg) {
  return __VERIFIER_thread_create(NULL, routine, arg);
}
/* Symmetry is a reduction hint in GenMC; scopemc explores the thread like any other. */
static inline __VERIFIER_thread_t __VERIFIER_spawn_symmetric(void *(*routine)(void *), void *arg,
                                                             __VERIFIER_thread_t like) {
  return __VERIFIER_thread_create_symmetric(NULL, routine, arg, like);
}
static inline void *__VERIFIER_join(__VERIFIER_thread_t th) { return __VERIFIER_thread_join(th); }
static inline void __VERIFIER_join_symmetric(__VERIFIER_thread_t th) { (void)__VERIFIER_thread_join(th); }

/* Loop markers: accepted; scopemc finds spin loops and iterations without effect itself. */
void __VERIFIER_loop_begin(void);
void __VERIFIER_spin_start(void);
void __VERIFIER_spin_end(int cond);

/* GenMC's reduction hints (local, final, helped/helping, speculative/confirming accesses):
 * the statement or expression runs as written and every execution is explored, so the
 * verdict is the same and the count may be higher than GenMC's. */
void __VERIFIER_annotate_begin(int mask);
void __VERIFIER_annotate_end(int mask);
#define __VERIFIER_local_write(s) do { s; } while (0)
#define __VERIFIER_final_write(s) do { s; } while (0)
#define __VERIFIER_helped_CAS(c) do { c; } while (0)
#define __VERIFIER_helping_CAS(c) do { c; } while (0)
#define __VERIFIER_speculative_read(c) (c)
#define __VERIFIER_confirming_read(c) (c)
#define __VERIFIER_confirming_CAS(c) (c)
#define __VERIFIER_final_CAS(c) (c)

/* Optional blocks are refused at load (their execution is a choice scopemc does not make). */
int __VERIFIER_opt_begin(void);
#define __VERIFIER_optional(x)  \
  do {                          \
    if (__VERIFIER_opt_begin()) { \
      x;                        \
      __VERIFIER_assume(0);     \
    }                           \
  } while (0)

/* Hazard pointers: an access to a heap block is protected while one of its thread's hazard
 * pointers holds an address in the block; a retire is a free that protected accesses of
 * other threads may race with (a use after a retire without protection is a memory error). */
typedef struct { void *unused; } __VERIFIER_hazptr_t;
typedef __VERIFIER_hazptr_t __VERIFIER_hp_t;
__VERIFIER_hazptr_t *__VERIFIER_hazptr_alloc(void);
void __VERIFIER_hazptr_protect(__VERIFIER_hazptr_t *hp, void *p);
void __VERIFIER_hazptr_clear(__VERIFIER_hazptr_t *hp);
void __VERIFIER_hazptr_free(__VERIFIER_hazptr_t *hp);
void __VERIFIER_hazptr_retire(void *p);
#define __VERIFIER_hp_alloc() __VERIFIER_hazptr_alloc()
#define __VERIFIER_hp_protect(hp, p)                                    \
  ({                                                                    \
    void *scopemc_hp_p_ = __atomic_load_n((void **)(p), __ATOMIC_ACQUIRE); \
    __VERIFIER_hazptr_protect(hp, scopemc_hp_p_);                       \
    scopemc_hp_p_;                                                      \
  })
#define __VERIFIER_hp_clear(hp) __VERIFIER_hazptr_clear(hp)
#define __VERIFIER_hp_free(hp) __VERIFIER_hazptr_free(hp)
#define __VERIFIER_hp_retire(p) __VERIFIER_hazptr_retire(p)

/* Persistency and RCU are refused at load, by name. */
void *__VERIFIER_palloc(size_t size);
void __VERIFIER_pbarrier(void);
void __VERIFIER_recovery_routine(void);
#define __VERIFIER_persistent_storage(d) __attribute__((section("__genmc_persist"))) d
void __VERIFIER_rcu_read_lock(void);
void __VERIFIER_rcu_read_unlock(void);
void __VERIFIER_synchronize_rcu(void);

/* GPUMC-compatible placement and scope annotations. */
void __VERIFIER_thread_local_id(int id);
void __VERIFIER_thread_group_id(int id);
void __VERIFIER_thread_kernel_id(int id);
void __VERIFIER_thread_global_id(int id);
void __VERIFIER_groupsize(int n);
void __VERIFIER_memory_scope_work_group(void);
void __VERIFIER_memory_scope_device(void);
void __VERIFIER_memory_scope_system(void);
void __VERIFIER_weak_access(void);
void __VERIFIER_ret_CAS(void);
void __VERIFIER_syncthread(void); /* a barrier of the caller's block; needs __VERIFIER_groupsize */

#ifdef __cplusplus
}
#endif

#endif
