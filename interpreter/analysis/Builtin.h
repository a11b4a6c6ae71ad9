// The library functions the interpreter implements itself, as the load-time analyses see
// them: an identity per modelled function. Which declaration stands for which builtin is the
// interpreter's table (interpreter/BuiltinId.h, builtinNamed); the analyses are handed the
// program's answer as a BuiltinOf.
#pragma once

#include <cstdint>
#include <optional>

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

namespace scopemc {

enum class Builtin : uint8_t {
  PthreadCreate,
  PthreadJoin,
  PthreadExit,
  PthreadSelf,
  PthreadEqual,
  MutexInit,
  MutexLock,
  MutexTrylock,
  MutexUnlock,
  BarrierInit,
  BarrierWait,
  NoEffect, // pthread_*_destroy, attributes, yields, GPUMC markers: return 0
  Output,   // printf family: no effect on memory, return 0
  Malloc,
  Calloc,
  AlignedAlloc,
  Realloc,
  Free,
  Memcpy,
  Memset,
  AssertFail,
  VerifierAssert,
  VerifierAssume,
  Abort,
  Exit,
  WeakAccess,
  ScopeWorkGroup,
  ScopeDevice,
  ScopeSystem,
  PlaceThread,
  PlaceBlock,
  PlaceDevice,
  PlaceGlobal,
  GroupSize,
  SyncThreads,
  // GenMC's API (include/scopemc/genmc.h): thread calls returning the id or value, data
  // nondeterminism sampled as GenMC does, hazard pointers
  ThreadSpawn,
  ThreadJoinValue,
  NondetInt,
  HazardAlloc,
  HazardProtect,
  HazardClear,
  HazardRetire,
  // the kernel API of include/scopemc.h (interpreter/Kernel.cpp)
  ApiLoad,
  ApiStore,
  ApiRmw,
  ApiCas,
  ApiFence,
  ApiFenceFences, // an OpenCL fence with its fence flags
  ApiBarrier,
  ApiBarrierFences, // an OpenCL work-group barrier with its fence flags
  ApiId,
  ApiLaunch,
  ApiWait,
  ApiCollective, // a warp or block collective (shuffle, vote, match, reduce, counting barrier)
  // CUDA's runtime behind include/cuda/cuda_runtime.h (interpreter/Cuda.cpp)
  CudaConfigPush,
  CudaConfigGet,
  CudaLaunch,
  CudaRun,
  CudaSync,
  CudaStreamCreate,
  CudaEventRecord,
  Math,         // the C math library (interpreter/MathLib.h)
  StreamOutput, // <iostream> output: no effect, returns the stream (its first argument)
  OpenCl,       // OpenCL C's built-in function library (interpreter/OpenClLib.h)
  Undefined,    // a function without a definition, opted in to return an arbitrary value
};

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
