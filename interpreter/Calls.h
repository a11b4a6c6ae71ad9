// Calls to functions the program does not define: intrinsics, the library functions scopemc
// models (pthreads, heap, assert, __VERIFIER_*), the kernel API of include/scopemc.h, CUDA's
// runtime and GenMC's API. It runs on the thread state of the thread that calls, and acts
// through the interpreter's CallHost interface only (interpreter/CallHost.h): Interpreter runs
// instructions and memory, Calls runs calls.
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

#include "interpreter/CallHost.h"
#include "interpreter/FileCalls.h"
#include "program/MathLib.h"
#include "program/OpenClLib.h"
#include "program/Symmetry.h"
#include "runner/EventSink.h"

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
  /// Where the program's main thread may still access memory after each point of its code
  /// (SymmetryAnalysis::sitesOf); null when the reductions are off or it is not known.
  SiteFootprintPtr mainSites();
  /// The points of a thread function's code (SymmetryAnalysis::resumeTable); null when the
  /// reductions are off or its sites are not all known.
  const ResumeTable *resumeTable(const llvm::Function &f) const {
    return symmetry_ ? symmetry_->resumeTable(f) : nullptr;
  }
  /// The largest grid a launch asked for so far (refused ones too), and where.
  ProgramRunner::LaunchSize largestLaunch() const { return largestLaunch_; }

private:
  /// A math function or floating-point intrinsic (MathLib.h), element-wise on vectors.
  Flow mathCall(Frame &f, const llvm::CallBase &i, MathOp op, bool single);

  /// An OpenCL library builtin (OpenClLib.h), element-wise on vectors.
  Flow openClCall(Frame &f, const llvm::CallBase &i, const llvm::Function &callee);

  // library functions (Builtins.cpp)
  Flow intrinsic(Thread &th, Frame &f, const llvm::CallBase &i, llvm::Intrinsic::ID id);
  Flow builtin(Thread &th, Frame &f, const llvm::CallBase &i, const llvm::Function &callee);
  Flow threadBuiltin(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow verifierBuiltin(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow memoryBuiltin(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  /// Offers the creation of a thread running `routine(argument)` (a memory error when the
  /// routine is not a defined function); `child` is the new thread's id.
  Flow createThread(Thread &th, const llvm::CallBase &i, uint64_t routine, uint64_t argument,
                    uint64_t &child);
  /// Offers the join of thread `child`; `value` receives the thread's return value.
  Flow joinThread(Thread &th, const llvm::CallBase &i, uint64_t child, uint64_t &value);
  /// Arrives at and departs from the barrier; with `serial`, whether this thread is the
  /// instance's serial thread is asked for (the call's result is read) and stored there.
  /// With `coll`, the arrival carries a collective operation and `result` gets its result.
  Flow barrierWait(Thread &th, const llvm::CallBase &i, uint64_t barrier, uint32_t count, Scope s,
                   bool *serial = nullptr, uint8_t fences = kFenceAll,
                   const Collective *coll = nullptr, uint64_t *result = nullptr);
  Flow allocate(Thread &th, Frame &f, const llvm::CallBase &i, uint64_t size, bool zeroed,
                uint64_t &out);
  std::string cString(uint64_t a) const;

  /// Argument k of call i, and setting its result (none for a void call).
  uint64_t argOf(const Frame &f, const llvm::CallBase &i, unsigned k) const {
    return host_.bits(f, i.getArgOperand(k));
  }
  /// Argument k read as a C truth value: any nonzero value of its type (all of its bits, not
  /// bit 0; a pointer is true when not null).
  bool truthOf(const Frame &f, const llvm::CallBase &i, unsigned k) const {
    const llvm::Type *t = i.getArgOperand(k)->getType();
    uint64_t v = argOf(f, i, k);
    if (t->isIntegerTy() && t->getIntegerBitWidth() < 64)
      v &= (1ull << t->getIntegerBitWidth()) - 1;
    return v != 0;
  }
  Flow result(Frame &f, const llvm::CallBase &i, uint64_t v) const {
    if (!i.getType()->isVoidTy())
      host_.setBits(f, i, v);
    return Flow::Next;
  }

  // GenMC's API beyond pthreads (GenmcApi.cpp)
  Flow genmcBuiltin(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow protect(Thread &th, const llvm::CallBase &i, uint64_t slot, uint64_t target);

  // the kernel API of include/scopemc.h (Kernel.cpp)
  Flow apiBuiltin(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow apiAccess(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow launch(Thread &th, Frame &f, const llvm::CallBase &i);
  Flow waitLaunch(Thread &th, Frame &f, const llvm::CallBase &i);
  /// `fences`: the memory the barrier orders (MemFences).
  Flow blockBarrier(Thread &th, const llvm::CallBase &i, uint8_t fences = kFenceAll,
                    const Collective *coll = nullptr, uint64_t *result = nullptr);
  /// Checks a launch of grid x block threads from th against scopemc's limits and names it.
  /// (`site`: where the launch is written, for the refusals and largestLaunch)
  KernelGrid launchGrid(Thread &th, const SourceLoc *site, uint32_t device, Dim3 grid, Dim3 block);
  void recordLaunch(Thread &th, uint32_t device, const Dim3 &grid, std::vector<ThreadId> threads);
  Flow gridBarrier(Thread &th, const llvm::CallBase &i);
  uint64_t threadQuery(const Thread &th, uint64_t which) const;

  // CUDA's runtime and warps (Cuda.cpp)
  Flow cudaBuiltin(Thread &th, Frame &f, const llvm::CallBase &i, Builtin b);
  Flow collective(Thread &th, Frame &f, const llvm::CallBase &i);
  /// Where every thread of the block calls a work-group function (`c.operand` says which),
  /// with its arguments folded into `c.value`: undefined behaviour unless all agree.
  Flow uniformArguments(Thread &th, Frame &f, const llvm::CallBase &i, const Collective &c);
  Flow cudaLaunch(Thread &th, Frame &f, const llvm::CallBase &i);
  /// Reads the kernel's parameters through the stub's `void **args` into bytes.
  Flow readKernelParams(Thread &th, const llvm::CallBase &i, const llvm::Function &kernel,
                        uint64_t args, std::vector<uint8_t> &bytes);
  Flow streamRun(Thread &th, const llvm::CallBase &i);
  Flow cudaSync(Thread &th, Frame &f, const llvm::CallBase &i);
  Thread::Stream &stream(Thread &th, uint64_t handle);
  void place(Thread &th, Builtin what, uint64_t v);
  /// Refuses a position beyond the block and device numbers barriers and shared memory name.
  void checkPlace(const Thread &th, const llvm::CallBase &i) const;
  /// The create event of a thread running `entry`, described (describe).
  ThreadCreateLabel creation(const Thread &th, const llvm::CallBase &i, ThreadEntry entry) const;
  /// Gives `entry` its symmetry class (Symmetry.h; none with `keyed` false) and where the
  /// thread may access memory.
  void describe(ThreadEntry &entry, bool keyed) const;

  CallHost &host_;
  ProgramRunner::LaunchSize largestLaunch_;             // launchGrid's largest grid so far
  std::unique_ptr<SymmetryAnalysis> symmetry_;          // null: both reductions are off
  std::optional<SiteFootprintPtr> mainSites_;           // mainSites(), once found
  std::map<const llvm::Function *, OclBuiltin> openCl_; // parsed once per declaration
  std::unique_ptr<FileCalls> files_;                    // the file functions
};

} // namespace scopemc
