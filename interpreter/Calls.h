// Calls to functions the program does not define: intrinsics, the library functions scopemc
// models (pthreads, heap, assert, __VERIFIER_*), the kernel API of include/scopemc.h, CUDA's
// runtime and GenMC's API. It runs on the thread state of the thread that calls, and acts
// through the interpreter's CallHost interface only (interpreter/CallHost.h): Interpreter runs
// instructions and memory, Calls runs calls, routing each builtin to its family's class
// (interpreter/CallFamilies.h, program/analysis/Builtins.def).
//
// Contract: one Calls per interpreter, as single-threaded as it. A call offers all its events
// before it changes the calling thread's state, and keeps whatever a thread carries between
// calls in ThreadState (so a Stop replays it, and snapshots copy it); its own members are
// caches of the program (parsed OpenCL names, the symmetry analysis, the largest launch),
// the same whatever the order threads run in. A call of a function not modelled was refused
// at load (analysis/Validate.h); what a modelled call cannot do throws InputError or
// UnsupportedProgram with the call's file:line, and the program's own errors end the thread
// (CallHost::fail).
#pragma once

#include <map>
#include <memory>

#include "interpreter/CallFamilies.h"
#include "interpreter/FileCalls.h"
#include "program/MathLib.h"
#include "program/OpenClLib.h"

namespace scopemc {

class Calls {
public:
  using Thread = ThreadState;
  using Frame = CallFrame;
  using Flow = scopemc::Flow;

  explicit Calls(CallHost &host);
  Flow call(Thread &th, Frame &f, const llvm::CallBase &i);
  /// The arguments a kernel thread started by a CUDA launch passes to its kernel, decoded from
  /// the launch's parameter bytes (Cuda.cpp); by-value aggregates are copied to its stack.
  static std::vector<RtValue> kernelArguments(const llvm::DataLayout &dl, ThreadState &th,
                                              const llvm::Function &kernel);
  /// Where the program's main thread may still access memory (CallSupport::mainSites).
  SiteFootprintPtr mainSites() { return shared_.mainSites(); }
  /// The points of a thread function's code (CallSupport::resumeTable).
  const ResumeTable *resumeTable(const llvm::Function &f) const { return shared_.resumeTable(f); }
  /// The largest grid a launch asked for so far (refused ones too), and where.
  ProgramRunner::LaunchSize largestLaunch() const { return shared_.largestLaunch(); }

private:
  /// A math function or floating-point intrinsic (MathLib.h), element-wise on vectors.
  Flow mathCall(Frame &f, const llvm::CallBase &i, MathOp op, bool single);
  /// An OpenCL library builtin (OpenClLib.h), element-wise on vectors.
  Flow openClCall(Frame &f, const llvm::CallBase &i, const llvm::Function &callee);
  /// An LLVM intrinsic (Intrinsics.cpp).
  Flow intrinsic(Thread &th, Frame &f, const llvm::CallBase &i, llvm::Intrinsic::ID id);
  /// A declared function: the builtin it stands for, run by its family.
  Flow builtin(Thread &th, Frame &f, const llvm::CallBase &i, const llvm::Function &callee);

  CallHost &host_;
  CallSupport shared_;
  ThreadCalls threads_;
  MemoryCalls memory_;
  VerifierCalls verifier_;
  GenMcCalls genmc_;
  KernelCalls kernel_;
  CudaCalls cuda_;
  std::unique_ptr<FileCalls> files_;                    // the file functions
  std::map<const llvm::Function *, OclBuiltin> openCl_; // parsed once per declaration
};

} // namespace scopemc
