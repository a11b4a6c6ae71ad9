// The library functions the interpreter implements itself, as the load-time analyses see
// them: an identity per modelled function. Which declaration stands for which builtin is the
// interpreter's table (program/BuiltinId.h, builtinNamed); the analyses are handed the
// program's answer as a BuiltinOf.
//
// Contract: SCOPEMC_BUILTINS is the one list of builtins and of these properties (family,
// arity, memory effect, freshness; the names are program/BuiltinNames.cpp's); everything
// here is a constant function of it, safe from every worker. A property left out of a row is
// a compile error, not a default.
#pragma once

#include <cstdint>
#include <optional>

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

namespace scopemc {

/// Which part of the interpreter runs a builtin (interpreter/Calls.h).
enum class BuiltinFamily : uint8_t {
  Thread,   // threads, mutexes, pthread barriers, and the calls without effect
  Memory,   // allocation and the mem* functions
  Verifier, // assertions, exits, scope annotations, placement, the block barrier
  Api,      // the kernel API of include/scopemc.h (interpreter/Kernel.cpp)
  Cuda,     // CUDA's runtime (interpreter/Cuda.cpp) and the warp/block collectives
  GenMc,    // GenMC's API and the arbitrary values of undefined functions
  OpenCl,   // OpenCL C's built-in library (program/OpenClLib.h)
  Math,     // the C math library (program/MathLib.h)
  Stream,   // <iostream> output: no effect, returns the stream (its first argument)
  File,     // C stdio and POSIX files (interpreter/Files.h)
};

/// What a builtin does to memory, as the load-time analyses see it.
enum class BuiltinMemory : uint8_t {
  None,      // touches no location of the program
  Arguments, // accesses the (address, size) its arguments give (analysis: the footprint)
  Other,     // anything else: objects it is given, memory it makes, what its library does
};

// The builtins, declared once: X(name, family, arity, memory, fresh).
// - arity: the integer or pointer arguments the interpreter reads (C lets an unprototyped
//   declaration pass fewer, which is refused at load);
// - fresh: each call makes something new (memory, a thread, an arbitrary value), which two
//   threads with equal symmetry keys would not make alike (program/Symmetry.cpp).
#define SCOPEMC_BUILTINS(X)                                                                        \
  X(PthreadCreate, Thread, 4, Other, true)                                                         \
  X(PthreadJoin, Thread, 2, Other, false)                                                          \
  X(PthreadExit, Thread, 1, Other, false)                                                          \
  X(PthreadSelf, Thread, 0, None, false)                                                           \
  X(PthreadEqual, Thread, 2, None, false)                                                          \
  X(MutexInit, Thread, 1, Other, false)                                                            \
  X(MutexLock, Thread, 1, Other, false)                                                            \
  X(MutexTrylock, Thread, 1, Other, false)                                                         \
  X(MutexUnlock, Thread, 1, Other, false)                                                          \
  X(BarrierInit, Thread, 3, Other, false)                                                          \
  X(BarrierWait, Thread, 1, Other, false)                                                          \
  /* pthread_*_destroy, attributes, yields, GPUMC markers: return 0 */                             \
  X(NoEffect, Thread, 0, None, false)                                                              \
  /* the printf family: no effect on memory, return 0 */                                           \
  X(Output, Thread, 0, None, false)                                                                \
  /* rand and srand: a fixed generator per thread; time and clock: the thread's running clock */   \
  X(Rand, Thread, 0, None, false)                                                                  \
  X(Srand, Thread, 1, None, false)                                                                 \
  X(Time, Thread, 1, Other, false)                                                                 \
  X(Clock, Thread, 0, None, false)                                                                 \
  /* gettimeofday and clock_gettime: the thread's clock, stored as two 8-byte fields */            \
  X(TimeOfDay, Thread, 2, Other, false)                                                            \
  X(Malloc, Memory, 1, Other, true)                                                                \
  X(Calloc, Memory, 2, Other, true)                                                                \
  X(AlignedAlloc, Memory, 2, Other, true)                                                          \
  X(Realloc, Memory, 2, Other, true)                                                               \
  X(Free, Memory, 1, Other, false)                                                                 \
  X(Memcpy, Memory, 3, Arguments, false)                                                           \
  X(Memset, Memory, 3, Arguments, false)                                                           \
  X(Memcmp, Memory, 3, Arguments, false)                                                           \
  X(AssertFail, Verifier, 1, None, false)                                                          \
  X(VerifierAssert, Verifier, 1, None, false)                                                      \
  X(VerifierAssume, Verifier, 1, None, false)                                                      \
  X(Abort, Verifier, 0, None, false)                                                               \
  X(Exit, Verifier, 1, None, false)                                                                \
  X(WeakAccess, Verifier, 0, Other, false)                                                         \
  X(ScopeWorkGroup, Verifier, 0, None, false)                                                      \
  X(ScopeDevice, Verifier, 0, None, false)                                                         \
  X(ScopeSystem, Verifier, 0, None, false)                                                         \
  X(PlaceThread, Verifier, 1, None, false)                                                         \
  X(PlaceBlock, Verifier, 1, None, false)                                                          \
  X(PlaceDevice, Verifier, 1, None, false)                                                         \
  X(PlaceGlobal, Verifier, 1, None, false)                                                         \
  X(GroupSize, Verifier, 1, None, false)                                                           \
  X(SyncThreads, Verifier, 0, None, false)                                                         \
  /* GenMC's API (include/scopemc/genmc.h): thread calls returning the id or value, data */        \
  /* nondeterminism sampled as GenMC does, hazard pointers */                                      \
  X(ThreadSpawn, GenMc, 3, Other, true)                                                            \
  X(ThreadJoinValue, GenMc, 1, Other, false)                                                       \
  X(NondetInt, GenMc, 0, Other, true)                                                              \
  X(HazardAlloc, GenMc, 0, Other, true)                                                            \
  X(HazardProtect, GenMc, 2, Other, false)                                                         \
  X(HazardClear, GenMc, 1, Other, false)                                                           \
  X(HazardRetire, GenMc, 1, Other, false)                                                          \
  /* the kernel API of include/scopemc.h (interpreter/Kernel.cpp) */                               \
  X(ApiLoad, Api, 4, Arguments, false)                                                             \
  X(ApiStore, Api, 5, Arguments, false)                                                            \
  X(ApiRmw, Api, 6, Arguments, false)                                                              \
  X(ApiCas, Api, 7, Arguments, false)                                                              \
  X(ApiFence, Api, 2, None, false)                                                                 \
  /* an OpenCL fence with its fence flags */                                                       \
  X(ApiFenceFences, Api, 3, None, false)                                                           \
  X(ApiBarrier, Api, 1, None, false)                                                               \
  /* an OpenCL work-group barrier with its fence flags */                                          \
  X(ApiBarrierFences, Api, 2, None, false)                                                         \
  X(ApiId, Api, 1, None, false)                                                                    \
  /* OpenCL's pending asynchronous copies: the thread's own notes (no memory) */                   \
  X(ApiAsyncNote, Api, 6, None, false)                                                             \
  X(ApiAsyncPending, Api, 2, None, false)                                                          \
  /* event_t to and from its number: the identity */                                               \
  X(ApiEvent, Api, 1, None, false)                                                                 \
  X(ApiLaunch, Api, 9, Other, true)                                                                \
  X(ApiWait, Api, 1, Other, false)                                                                 \
  /* a warp or block collective (shuffle, vote, match, reduce, counting barrier) */                \
  X(ApiCollective, Cuda, 5, Other, false)                                                          \
  /* CUDA's runtime behind include/cuda/cuda_runtime.h (interpreter/Cuda.cpp) */                   \
  X(CudaConfigPush, Cuda, 8, Other, false)                                                         \
  X(CudaConfigGet, Cuda, 1, Other, false)                                                          \
  X(CudaLaunch, Cuda, 11, Other, true)                                                             \
  X(CudaRun, Cuda, 0, Other, true)                                                                 \
  X(CudaSync, Cuda, 2, Other, false)                                                               \
  X(CudaStreamCreate, Cuda, 1, Other, false)                                                       \
  X(CudaEventRecord, Cuda, 1, Other, false)                                                        \
  X(Math, Math, 0, Other, false)                                                                   \
  X(StreamOutput, Stream, 0, None, false)                                                          \
  /* fopen, fread, fscanf, open, read... (interpreter/Files.h): a file opened is new */            \
  X(File, File, 0, Other, true)                                                                    \
  X(OpenCl, OpenCl, 0, Other, false)                                                               \
  /* a function without a definition, opted in to return an arbitrary value */                     \
  X(Undefined, GenMc, 0, Other, true)                                                              \
  /* a function without a definition scopemc does not model: refused when a call runs */           \
  X(Unmodelled, GenMc, 0, Other, true)

enum class Builtin : uint8_t {
#define SCOPEMC_BUILTIN_NAME(name, family, arity, memory, fresh) name,
  SCOPEMC_BUILTINS(SCOPEMC_BUILTIN_NAME)
#undef SCOPEMC_BUILTIN_NAME
};

/// A builtin's properties: one row of SCOPEMC_BUILTINS.
struct BuiltinTraits {
  BuiltinFamily family;
  uint8_t arity;
  BuiltinMemory memory;
  bool fresh;
};

inline const BuiltinTraits &traitsOf(Builtin b) {
  static constexpr BuiltinTraits kTraits[] = {
#define SCOPEMC_BUILTIN_TRAITS(name, family, arity, memory, fresh)                                 \
  {BuiltinFamily::family, arity, BuiltinMemory::memory, fresh},
      SCOPEMC_BUILTINS(SCOPEMC_BUILTIN_TRAITS)
#undef SCOPEMC_BUILTIN_TRAITS
  };
  return kTraits[static_cast<size_t>(b)];
}

/// The function a call names, also when C called it through an unprototyped declaration
/// with other argument types (LLVM's getCalledFunction() is then null).
inline const llvm::Function *calledFunction(const llvm::CallBase &c) {
  return llvm::dyn_cast<llvm::Function>(c.getCalledOperand()->stripPointerCasts());
}

/// The kernel a CUDA kernel's host stub launches (CudaLink.h marks stubs with the attribute
/// "scopemc-kernel"), or f itself; null when the marked kernel is missing.
inline const llvm::Function *launchedKernel(const llvm::Function &f) {
  if (!f.hasFnAttribute("scopemc-kernel"))
    return &f;
  return f.getParent()->getFunction(f.getFnAttribute("scopemc-kernel").getValueAsString());
}

/// The builtin a function stands for (only declarations stand for one), if any.
using BuiltinOf = llvm::function_ref<std::optional<Builtin>(const llvm::Function &)>;

} // namespace scopemc
