// The names of the functions the interpreter models (BuiltinId.h): the C library, pthreads,
// GenMC's and GPUMC's verifier API, scopemc's own kernel API (include/scopemc.h), the math
// library, <iostream> output and OpenCL C's built-in functions.
#include "frontend/IrPasses.h"
#include "program/BuiltinId.h"
#include "program/FileNames.h"
#include "program/MathLib.h"
#include "program/OpenClLib.h"

namespace scopemc {

using namespace llvm;

namespace {

struct BuiltinName {
  const char *name;
  Builtin id;
};
const BuiltinName kBuiltins[] = {{"pthread_create", Builtin::PthreadCreate},
                                 {"pthread_join", Builtin::PthreadJoin},
                                 {"pthread_exit", Builtin::PthreadExit},
                                 {"pthread_self", Builtin::PthreadSelf},
                                 {"pthread_equal", Builtin::PthreadEqual},
                                 {"pthread_mutex_init", Builtin::MutexInit},
                                 {"pthread_mutex_lock", Builtin::MutexLock},
                                 {"pthread_mutex_trylock", Builtin::MutexTrylock},
                                 {"pthread_mutex_unlock", Builtin::MutexUnlock},
                                 {"pthread_mutex_destroy", Builtin::NoEffect},
                                 {"pthread_barrier_init", Builtin::BarrierInit},
                                 {"pthread_barrier_wait", Builtin::BarrierWait},
                                 {"pthread_barrier_destroy", Builtin::NoEffect},
                                 {"pthread_attr_init", Builtin::NoEffect},
                                 {"pthread_attr_destroy", Builtin::NoEffect},
                                 {"pthread_yield", Builtin::NoEffect},
                                 {"sched_yield", Builtin::NoEffect},
                                 {"malloc", Builtin::Malloc},
                                 {"calloc", Builtin::Calloc},
                                 {"aligned_alloc", Builtin::AlignedAlloc},
                                 {"_Znwm", Builtin::Malloc},
                                 {"_Znam", Builtin::Malloc},
                                 {"_ZdlPv", Builtin::Free},
                                 {"_ZdaPv", Builtin::Free},
                                 {"_ZdlPvm", Builtin::Free},
                                 {"_ZdaPvm", Builtin::Free},
                                 {"realloc", Builtin::Realloc},
                                 {"free", Builtin::Free},
                                 {"memcpy", Builtin::Memcpy},
                                 {"memmove", Builtin::Memcpy},
                                 {"memset", Builtin::Memset},
                                 {"memcmp", Builtin::Memcmp},
                                 {"bcmp", Builtin::Memcmp},
                                 {"__assert_fail", Builtin::AssertFail},
                                 {"__assert_rtn", Builtin::AssertFail},
                                 {"abort", Builtin::Abort},
                                 {"__VERIFIER_error", Builtin::Abort},
                                 {"exit", Builtin::Exit},
                                 {"_Exit", Builtin::Exit},
                                 {"printf", Builtin::Output},
                                 {"puts", Builtin::Output},
                                 {"putchar", Builtin::Output},
                                 {"fflush", Builtin::Output},
                                 {"rand", Builtin::Rand},
                                 {"srand", Builtin::Srand},
                                 {"time", Builtin::Time},
                                 {"clock", Builtin::Clock},
                                 {"gettimeofday", Builtin::TimeOfDay},
                                 {"clock_gettime", Builtin::TimeOfDay},
                                 {"perror", Builtin::Output},
                                 {"__VERIFIER_assume", Builtin::VerifierAssume},
                                 {"__VERIFIER_assert", Builtin::VerifierAssert},
                                 {"__VERIFIER_weak_access", Builtin::WeakAccess},
                                 {"__VERIFIER_memory_scope_work_group", Builtin::ScopeWorkGroup},
                                 {"__VERIFIER_memory_scope_device", Builtin::ScopeDevice},
                                 {"__VERIFIER_memory_scope_system", Builtin::ScopeSystem},
                                 {"__VERIFIER_thread_local_id", Builtin::PlaceThread},
                                 {"__VERIFIER_thread_group_id", Builtin::PlaceBlock},
                                 {"__VERIFIER_thread_kernel_id", Builtin::PlaceDevice},
                                 {"__VERIFIER_thread_global_id", Builtin::PlaceGlobal},
                                 {"__VERIFIER_groupsize", Builtin::GroupSize},
                                 {"__VERIFIER_syncthread", Builtin::SyncThreads},
                                 {"__VERIFIER_ret_CAS", Builtin::NoEffect},
                                 {"__VERIFIER_spin_start", Builtin::NoEffect},
                                 {"__VERIFIER_spin_end", Builtin::NoEffect},
                                 {"__VERIFIER_loop_begin", Builtin::NoEffect},
                                 {"__scopemc_load", Builtin::ApiLoad},
                                 {"__scopemc_store", Builtin::ApiStore},
                                 {"__scopemc_rmw", Builtin::ApiRmw},
                                 {"__scopemc_cas", Builtin::ApiCas},
                                 {"__scopemc_fence", Builtin::ApiFence},
                                 {"__scopemc_fence_fences", Builtin::ApiFenceFences},
                                 {"__scopemc_barrier", Builtin::ApiBarrier},
                                 {"__scopemc_barrier_fences", Builtin::ApiBarrierFences},
                                 {"__scopemc_id", Builtin::ApiId},
                                 {"__scopemc_async_note", Builtin::ApiAsyncNote},
                                 {"__scopemc_async_pending", Builtin::ApiAsyncPending},
                                 {"__scopemc_event", Builtin::ApiEvent},
                                 {"__scopemc_event_id", Builtin::ApiEvent},
                                 {"__scopemc_launch", Builtin::ApiLaunch},
                                 {"__scopemc_wait", Builtin::ApiWait},
                                 {"__scopemc_collective", Builtin::ApiCollective},
                                 {"__scopemc_cuda_config_push", Builtin::CudaConfigPush},
                                 {"__scopemc_cuda_config_get", Builtin::CudaConfigGet},
                                 {"__scopemc_cuda_launch", Builtin::CudaLaunch},
                                 {"__scopemc_cuda_run", Builtin::CudaRun},
                                 {"__scopemc_cuda_sync", Builtin::CudaSync},
                                 {"__scopemc_cuda_stream_create", Builtin::CudaStreamCreate},
                                 {"__scopemc_cuda_event_record", Builtin::CudaEventRecord},
                                 {"vprintf", Builtin::Output},
                                 {"_ZNSt8ios_base4InitC1Ev", Builtin::NoEffect}, // <iostream>
                                 {"_ZNSt8ios_base4InitD1Ev", Builtin::NoEffect},
                                 {"__scopemc_memcpy", Builtin::Memcpy},
                                 {"__scopemc_memset", Builtin::Memset},
                                 // GenMC's genmc.h and the functions its pthread.h maps onto
                                 {"__VERIFIER_thread_create", Builtin::ThreadSpawn},
                                 {"__VERIFIER_thread_create_symmetric", Builtin::ThreadSpawn},
                                 {"__VERIFIER_thread_join", Builtin::ThreadJoinValue},
                                 {"__VERIFIER_thread_self", Builtin::PthreadSelf},
                                 {"__VERIFIER_thread_exit", Builtin::PthreadExit},
                                 {"__VERIFIER_malloc", Builtin::Malloc},
                                 {"__VERIFIER_malloc_aligned", Builtin::AlignedAlloc},
                                 {"__VERIFIER_free", Builtin::Free},
                                 {"__VERIFIER_assert_fail", Builtin::AssertFail},
                                 {"__VERIFIER_mutex_init", Builtin::MutexInit},
                                 {"__VERIFIER_mutex_lock", Builtin::MutexLock},
                                 {"__VERIFIER_mutex_trylock", Builtin::MutexTrylock},
                                 {"__VERIFIER_mutex_unlock", Builtin::MutexUnlock},
                                 {"__VERIFIER_mutex_destroy", Builtin::NoEffect},
                                 {"__VERIFIER_barrier_init", Builtin::BarrierInit},
                                 {"__VERIFIER_barrier_wait", Builtin::BarrierWait},
                                 {"__VERIFIER_barrier_destroy", Builtin::NoEffect},
                                 {"__VERIFIER_annotate_begin", Builtin::NoEffect},
                                 {"__VERIFIER_annotate_end", Builtin::NoEffect},
                                 {"__VERIFIER_nondet_int", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_uint", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_long", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_ulong", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_short", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_ushort", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_char", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_uchar", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_bool", Builtin::NondetInt},
                                 {"__VERIFIER_hazptr_alloc", Builtin::HazardAlloc},
                                 {"__VERIFIER_hazptr_protect", Builtin::HazardProtect},
                                 {"__VERIFIER_hazptr_clear", Builtin::HazardClear},
                                 {"__VERIFIER_hazptr_free", Builtin::NoEffect},
                                 {"__VERIFIER_hazptr_retire", Builtin::HazardRetire}};

} // namespace

std::optional<Builtin> builtinNamed(StringRef name) {
  for (const BuiltinName &b : kBuiltins)
    if (name == b.name)
      return b.id;
  if (mathFunctionNamed(name))
    return Builtin::Math;
  if (name.starts_with("_ZSt") && name.contains("__throw_")) // std::__throw_length_error, ...
    return Builtin::Abort;
  if (fileFunctionNamed(name))
    return Builtin::File;
  if (isStreamOutput(name))
    return Builtin::StreamOutput;
  if (openClBuiltinNamed(name))
    return Builtin::OpenCl;
  return std::nullopt;
}

std::vector<StringRef> builtinNames() {
  std::vector<StringRef> out;
  for (const BuiltinName &b : kBuiltins)
    out.push_back(b.name);
  return out;
}

} // namespace scopemc
