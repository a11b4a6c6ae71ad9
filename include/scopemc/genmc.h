/* GenMC-compatible declarations, so that programs written for GenMC compile unmodified. */
#ifndef SCOPEMC_GENMC_H
#define SCOPEMC_GENMC_H

#ifdef __cplusplus
extern "C" {
#endif

void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond);
void __VERIFIER_error(void);

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
