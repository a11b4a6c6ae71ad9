// The builtins of each family (program/analysis/Builtins.def), one class per family: each
// runs a call of one of its builtins on the calling thread, through the interpreter's CallHost
// and the shared CallSupport only. Calls (interpreter/Calls.h) routes a call by its family.
//
// Contract: each `run` switches over its family's enum without a default, so a row of
// Builtins.def without a case does not compile. As CallSupport: a call offers all its events
// before it changes the calling thread's state, keeps what a thread carries between calls in
// ThreadState, throws InputError or UnsupportedProgram with the call's file:line for what it
// cannot do, and ends the thread for the program's own errors (CallHost::fail).
#pragma once

#include "interpreter/CallSupport.h"

namespace scopemc {

/// What a family's class holds: the interpreter and the shared functions.
class CallFamily {
public:
  using Thread = ThreadState;
  using Frame = CallFrame;

protected:
  explicit CallFamily(CallSupport &shared) : host_(shared.host()), shared_(shared) {}
  CallHost &host_;
  CallSupport &shared_;
};

/// Threads, mutexes, pthread barriers, time, and the calls without effect (Builtins.cpp).
class ThreadCalls : CallFamily {
public:
  explicit ThreadCalls(CallSupport &shared) : CallFamily(shared) {}
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
};

/// Allocation and the mem* functions (Builtins.cpp).
class MemoryCalls : CallFamily {
public:
  explicit MemoryCalls(CallSupport &shared) : CallFamily(shared) {}
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
};

/// Assertions, exits, GPUMC's scope annotations and thread placement, the block barrier
/// (Builtins.cpp).
class VerifierCalls : CallFamily {
public:
  explicit VerifierCalls(CallSupport &shared) : CallFamily(shared) {}
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);

private:
  void place(Thread &th, Builtin what, uint64_t v);
  /// Refuses a position beyond the block and device numbers barriers and shared memory name.
  void checkPlace(const Thread &th, const llvm::CallBase &i) const;
};

/// GenMC's API beyond pthreads (GenmcApi.cpp).
class GenMcCalls : CallFamily {
public:
  explicit GenMcCalls(CallSupport &shared) : CallFamily(shared) {}
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);

private:
  Flow protect(Thread &th, const llvm::CallBase &i, uint64_t slot, uint64_t target);
};

/// The kernel API of include/scopemc.h (Kernel.cpp).
class KernelCalls : CallFamily {
public:
  explicit KernelCalls(CallSupport &shared) : CallFamily(shared) {}
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);

private:
  Flow access(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow launch(Thread &th, Frame &f, const llvm::CallBase &i);
  Flow waitLaunch(Thread &th, Frame &f, const llvm::CallBase &i);
  Flow gridBarrier(Thread &th, const llvm::CallBase &i);
  uint64_t threadQuery(const Thread &th, uint64_t which) const;
};

/// CUDA's runtime and the warp and block collectives (Cuda.cpp).
class CudaCalls : CallFamily {
public:
  explicit CudaCalls(CallSupport &shared) : CallFamily(shared) {}
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);

private:
  Flow collective(Thread &th, Frame &f, const llvm::CallBase &i);
  /// Where every thread of the block calls a work-group function (`c.operand` says which),
  /// with its arguments folded into `c.value`: undefined behaviour unless all agree.
  Flow uniformArguments(Thread &th, Frame &f, const llvm::CallBase &i, const Collective &c);
  Flow launch(Thread &th, Frame &f, const llvm::CallBase &i);
  /// Reads the kernel's parameters through the stub's `void **args` into bytes.
  Flow readKernelParams(Thread &th, const llvm::CallBase &i, const llvm::Function &kernel,
                        uint64_t args, std::vector<uint8_t> &bytes);
  Flow streamRun(Thread &th, const llvm::CallBase &i);
  Flow sync(Thread &th, Frame &f, const llvm::CallBase &i);
  Thread::Stream &stream(Thread &th, uint64_t handle);
};

} // namespace scopemc
