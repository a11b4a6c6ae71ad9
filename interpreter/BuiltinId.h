// The library functions the interpreter implements itself, resolved once per declaration
// when the program is loaded (no name comparisons while running).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <llvm/ADT/StringRef.h>

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

/// The builtin a declared function name stands for, if any.
std::optional<Builtin> builtinNamed(llvm::StringRef name);

/// Every function name the interpreter models (for tests that probe each one).
std::vector<llvm::StringRef> builtinNames();

/// Why a known library or verifier function is not modelled, for the load-time refusal
/// (empty when the name is not one of those).
llvm::StringRef refusalReason(llvm::StringRef name);

} // namespace scopemc
