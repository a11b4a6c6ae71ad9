// What every family of calls (interpreter/CallFamilies.h) shares: reading a call's arguments
// and setting its result, allocation, thread creation and joins, barriers, kernel launch
// bookkeeping, and the static symmetry analysis that describes each new thread.
//
// Contract: one per interpreter (Calls owns it), as single-threaded as it, acting through the
// interpreter's CallHost only. Each function offers its events before it changes the calling
// thread's state (so a Stop replays it); what it keeps between calls is either the thread's
// (ThreadState) or a cache of the program (the analysis, the largest launch asked for), the
// same whatever the order threads run in.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "interpreter/CallHost.h"
#include "program/Symmetry.h"
#include "runner/EventSink.h"

namespace scopemc {

class CallSupport {
public:
  using Thread = ThreadState;
  using Frame = CallFrame;

  explicit CallSupport(CallHost &host);
  CallHost &host() const { return host_; }

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
  /// Arguments k, k + 1 and k + 2 of call i as a grid's or block's x, y and z.
  Dim3 dimOf(const Frame &f, const llvm::CallBase &i, unsigned k) const {
    return Dim3{static_cast<uint32_t>(argOf(f, i, k)), static_cast<uint32_t>(argOf(f, i, k + 1)),
                static_cast<uint32_t>(argOf(f, i, k + 2))};
  }
  /// The C string at `a` in the program's globals (up to 512 bytes; "?" if none is there).
  std::string cString(uint64_t a) const;

  /// Offers a new block of `size` bytes of the thread's heap (zeroed, for calloc) in `out`;
  /// NULL, without an event, for a size no machine gives.
  Flow allocate(Thread &th, Frame &f, const llvm::CallBase &i, uint64_t size, bool zeroed,
                uint64_t &out);
  /// Offers the creation of a thread running `routine(argument)` (a memory error when the
  /// routine is not a defined function); `child` is the new thread's id.
  Flow createThread(Thread &th, const llvm::CallBase &i, uint64_t routine, uint64_t argument,
                    uint64_t &child);
  /// Offers the join of thread `child`; `value` receives the thread's return value.
  Flow joinThread(Thread &th, const llvm::CallBase &i, uint64_t child, uint64_t &value);
  /// The create event of a thread running `entry`, described (describe).
  ThreadCreateLabel creation(const Thread &th, const llvm::CallBase &i, ThreadEntry entry) const;
  /// Gives `entry` its symmetry class (Symmetry.h; none with `keyed` false) and where the
  /// thread may access memory.
  void describe(ThreadEntry &entry, bool keyed) const;

  /// Arrives at and departs from the barrier; with `serial`, whether this thread is the
  /// instance's serial thread is asked for (the call's result is read) and stored there.
  /// With `coll`, the arrival carries a collective operation and `result` gets its result.
  Flow barrierWait(Thread &th, const llvm::CallBase &i, uint64_t barrier, uint32_t count, Scope s,
                   bool *serial = nullptr, uint8_t fences = kFenceAll,
                   const Collective *coll = nullptr, uint64_t *result = nullptr);
  /// The barrier of the caller's block; `fences`: the memory it orders (MemFences).
  Flow blockBarrier(Thread &th, const llvm::CallBase &i, uint8_t fences = kFenceAll,
                    const Collective *coll = nullptr, uint64_t *result = nullptr);

  /// Checks a launch of grid x block threads from th against scopemc's limits and names it.
  /// (`site`: where the launch is written, for the refusals and largestLaunch)
  KernelGrid launchGrid(Thread &th, const SourceLoc *site, uint32_t device, Dim3 grid, Dim3 block);
  /// Notes a launch's threads in its launching thread (its blocks, the handle's threads).
  void recordLaunch(Thread &th, uint32_t device, const Dim3 &grid, std::vector<ThreadId> threads);
  /// The largest grid a launch asked for so far (refused ones too), and where.
  ProgramRunner::LaunchSize largestLaunch() const { return largestLaunch_; }

  /// Where the program's main thread may still access memory after each point of its code
  /// (SymmetryAnalysis::sitesOf); null when the reductions are off or it is not known.
  SiteFootprintPtr mainSites();
  /// The points of a thread function's code (SymmetryAnalysis::resumeTable); null when the
  /// reductions are off or its sites are not all known.
  const ResumeTable *resumeTable(const llvm::Function &f) const {
    return symmetry_ ? symmetry_->resumeTable(f) : nullptr;
  }

private:
  CallHost &host_;
  ProgramRunner::LaunchSize largestLaunch_;    // launchGrid's largest grid so far
  std::unique_ptr<SymmetryAnalysis> symmetry_; // null: both reductions are off
  std::optional<SiteFootprintPtr> mainSites_;  // mainSites(), once found
};

} // namespace scopemc
