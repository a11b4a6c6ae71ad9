// Event labels: a closed hierarchy with LLVM-style RTTI (isa / dyn_cast on a kind field).
//
// Contract: a label is complete when the interpreter hands it over (kind, location, value, order,
// scope, thread position, source location). The exploration then sets what the search decides
// (flags, resume point, a new thread's id and creator, a convergence arrival's instance, a
// departure's serial thread and absent lanes), the graph the stamp, rf, co position and po indexes,
// the checker the views; clone() and assignFrom copy all of it. A graph owns its labels, not the
// SourceLocs they point to (model/SourceLoc.h); what a label shares by shared_ptr is immutable.
// cast is checked in debug builds only; isa and dyn_cast take null.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/CollectiveOp.h"
#include "model/Event.h"
#include "model/SourceLoc.h"
#include "model/ThreadEntry.h"
#include "model/View.h"

namespace scopemc {

using Stamp = uint32_t;

/// Read-modify-write operations a read label can be the first half of.
enum class RmwOp : uint8_t {
  None,
  Xchg,
  Add,
  Sub,
  And,
  Or,
  Xor,
  Nand,
  Max,
  Min,
  UMax,
  UMin,
  FAdd,
  FSub,
  UIncWrap, // old >= x ? 0 : old + 1 (CUDA's atomicInc, LLVM's uinc_wrap)
  UDecWrap, // old == 0 || old > x ? x : old - 1 (atomicDec, udec_wrap)
  Cas
};

/// IdleRound: the threads of a barrier all went once round their loops doing nothing but
/// wait at it (docs/dpor.md §4, "Idle rounds").
enum class BlockReason : uint8_t { Assume, SpinLoop, LoopBound, Lock, IdleRound };
enum class ErrorKind : uint8_t { Assertion, MemoryError, UndefinedBehaviour };

#define SCOPEMC_LABEL(K, C, N) class C;
#include "model/LabelKinds.def"

class EventLabel {
public:
  /// One per concrete label class (model/LabelKinds.def).
  enum class Kind : uint8_t {
#define SCOPEMC_LABEL(K, C, N) K,
#include "model/LabelKinds.def"
  };

  virtual ~EventLabel() = default;
  /// A copy of the label, of its class.
  std::unique_ptr<EventLabel> clone() const;
  /// Makes this label a copy of `o` if both are of the same class (reusing this label's
  /// storage, as a graph copied into another one's vectors does); false otherwise.
  bool assignFrom(const EventLabel &o);

  /// From the per-thread free lists of model/Pool.h (labels are made and dropped in bursts).
  static void *operator new(size_t size);
  static void operator delete(void *p, size_t size);

  Kind kind() const { return kind_; }
  Event pos() const { return pos_; }
  ThreadId thread() const { return pos_.thread; }
  int32_t index() const { return pos_.index; }
  const ThreadPos &threadPos() const { return tpos_; }
  ThreadRef threadRef() const { return ThreadRef{pos_.thread, tpos_}; }
  MemOrder order() const { return order_; }
  Scope scope() const { return scope_; }
  const SourceLoc *source() const { return src_; }

  Stamp stamp() const { return stamp_; }
  void setStamp(Stamp s) { stamp_ = s; }
  bool revisitable() const { return revisitable_; }
  void setRevisitable(bool b) { revisitable_ = b; }
  bool addedMax() const { return addedMax_; }
  void setAddedMax(bool b) { addedMax_ = b; }
  /// Where the thread's code goes on after this event, as the interpreter numbers the points
  /// of a thread's code (SiteFootprint); 0: not known. Set by the exploration from what the
  /// runner says when it offers the event (EventSink::offer).
  uint32_t resumePoint() const { return resumePoint_; }
  void setResumePoint(uint32_t p) { resumePoint_ = p; }
  const View &hb() const { return hb_; }
  View &hb() { return hb_; }
  /// Happens-before as it orders accesses to OpenCL local memory (`local`) or to any other memory.
  /// The two differ only after a barrier whose fence flags name one of the two (docs/model.md
  /// §5): hb() is the one for memory other than local, the local one kept apart where it differs.
  const View &hbFor(bool local) const { return local && hbLocal_.view ? *hbLocal_.view : hb_; }
  bool hbSplit() const { return hbLocal_.view != nullptr; }
  /// The local view (hbFor(true)); nullopt: the same as hb().
  void setHbLocal(std::optional<View> v) {
    hbLocal_.view = v ? std::make_unique<View>(std::move(*v)) : nullptr;
  }
  const View &porf() const { return porf_; }
  View &porf() { return porf_; }

  bool isSC() const { return order_ == MemOrder::SeqCst; }
  /// For the incremental psc check (set by ExecutionGraph::add): the index of the thread's
  /// latest SC access or fence up to this event (-1: none), and where the run of consecutive
  /// accesses to this event's location that holds it starts (its own index if it is no access).
  int32_t prevSc() const { return prevSc_; }
  int32_t runStart() const { return runStart_; }
  void setPoIndexes(int32_t prevSc, int32_t runStart) {
    prevSc_ = prevSc;
    runStart_ = runStart;
  }

protected:
  EventLabel(Kind k, Event pos, ThreadPos tpos, MemOrder o, Scope s, const SourceLoc *src)
      : kind_(k), order_(o), scope_(s), pos_(pos), tpos_(tpos), src_(src) {}
  EventLabel(const EventLabel &) = default;

private:
  Kind kind_;
  MemOrder order_;
  Scope scope_;
  bool revisitable_ = true;
  bool addedMax_ = true;
  uint32_t resumePoint_ = 0;
  Event pos_;
  ThreadPos tpos_;
  const SourceLoc *src_;
  Stamp stamp_ = 0;
  struct SplitView { // copied with the label
    std::unique_ptr<View> view;
    SplitView() = default;
    SplitView(const SplitView &o) : view(o.view ? std::make_unique<View>(*o.view) : nullptr) {}
    SplitView &operator=(const SplitView &o) {
      if (this != &o)
        view = o.view ? std::make_unique<View>(*o.view) : nullptr;
      return *this;
    }
  } hbLocal_;
  int32_t prevSc_ = -1;
  int32_t runStart_ = 0;
  View hb_;
  View porf_;
};

/// Common data of the labels that touch memory.
class MemAccessLabel : public EventLabel {
public:
  Addr addr() const { return addr_; }
  uint32_t size() const { return size_; }
  /// Whether the access is to heap memory (set by whoever builds the label, which knows the
  /// memory layout; the heap checks use it).
  bool onHeap() const { return onHeap_; }
  /// An access to OpenCL local (CUDA shared) memory: ordered by hbFor(true).
  bool localSpace() const { return localSpace_; }
  void setLocalSpace(bool b) { localSpace_ = b; }
  /// The annotation call that decided this access's scope or made it plain (GPUMC's
  /// __VERIFIER_memory_scope_* / __VERIFIER_weak_access), if one did; repair edits it.
  const SourceLoc *annotation() const { return annotation_; }
  void setAnnotation(const SourceLoc *a) { annotation_ = a; }
  /// A piece of a memcpy (or another copy of bytes): for a read, its own address; for a write,
  /// the address of the bytes it copies, and copyReads() the index of the copy's first read in
  /// its thread (-1: not known); 0 for any other access. Copying bytes never written is no
  /// error; reading the copy is (checks/BugChecker.h).
  Addr copiedFrom() const { return copiedFrom_; }
  void setCopiedFrom(Addr a) { copiedFrom_ = a; }
  int32_t copyReads() const { return copyReads_; }
  void setCopyReads(int32_t i) { copyReads_ = i; }
  /// Either half of a deferred update (dpor/Deferral.h; set by the exploration when it adds it).
  bool deferred() const { return deferred_; }
  void setDeferred() { deferred_ = true; }
  static bool classof(const EventLabel *l) {
    return l->kind() == Kind::Read || l->kind() == Kind::Write;
  }

protected:
  MemAccessLabel(Kind k, Event pos, ThreadPos tp, MemOrder o, Scope s, const SourceLoc *src, Addr a,
                 uint32_t size, bool onHeap)
      : EventLabel(k, pos, tp, o, s, src), addr_(a), size_(size), onHeap_(onHeap) {}

private:
  Addr addr_;
  uint32_t size_;
  bool onHeap_;
  bool localSpace_ = false;
  bool deferred_ = false;
  const SourceLoc *annotation_ = nullptr;
  Addr copiedFrom_ = 0;
  int32_t copyReads_ = -1;
};

/// The RMW a read is the first half of, if any.
struct RmwInfo {
  RmwOp op = RmwOp::None;
  uint64_t operand = 0;     // the value combined with the old one (desired value for CAS)
  uint64_t expected = 0;    // CAS only
  bool lockAcquire = false; // a mutex acquire: the thread blocks when the CAS fails
  /// The interpreter's promise that the RMW commutes with every other RMW so marked on its
  /// location whose operation commutes with its own (rmwOpsCommute, model/RmwOps.h;
  /// docs/commuting.md): a relaxed integer add, sub, and, or, xor, min or max whose result the
  /// program never uses, in a program without SC fences. Its thread does the same whatever it
  /// reads.
  bool commutes = false;
  /// The program never uses the value this RMW reads (its result is dead: the interpreter's
  /// analysis, program/analysis/Commuting.h). An exchange so marked depends on nothing it
  /// reads: its read of uninitialised memory is no error (checks/BugChecker.h).
  bool resultUnused = false;
};

class ReadLabel : public MemAccessLabel {
public:
  using Rmw = RmwInfo;
  ReadLabel(Event pos, ThreadPos tp, MemOrder o, Scope s, const SourceLoc *src, Addr a,
            uint32_t size, Rmw rmw = RmwInfo(), bool onHeap = false)
      : MemAccessLabel(Kind::Read, pos, tp, o, s, src, a, size, onHeap), rmw_(rmw) {}

  Event rf() const { return rf_; }
  void setRf(Event w) { rf_ = w; }
  const Rmw &rmw() const { return rmw_; }
  bool isRmw() const { return rmw_.op != RmwOp::None; }
  /// Whether the RMW this read starts writes when it reads `value` (a failed CAS does not).
  bool rmwWrites(uint64_t value) const;

private:
  Rmw rmw_;
  Event rf_ = Event::init();
};

class WriteLabel : public MemAccessLabel {
public:
  WriteLabel(Event pos, ThreadPos tp, MemOrder o, Scope s, const SourceLoc *src, Addr a,
             uint32_t size, uint64_t value, bool rmwPart, bool onHeap = false)
      : MemAccessLabel(Kind::Write, pos, tp, o, s, src, a, size, onHeap), value_(value),
        rmwPart_(rmwPart) {}

  uint64_t value() const { return value_; }
  void setValue(uint64_t v) { value_ = v; } // a deferred update's, recomputed
  bool isRmwPart() const { return rmwPart_; }
  /// The write's index in its location's co list (-1 until placed); kept by ExecutionGraph.
  int32_t coPos() const { return coPos_; }
  void setCoPos(int32_t p) { coPos_ = p; }

private:
  uint64_t value_;
  bool rmwPart_;
  int32_t coPos_ = -1;
};

/// The memory a barrier or fence orders (OpenCL's fence flags): local memory, the rest, or
/// both (docs/model.md §5; EventLabel::hbFor).
enum MemFences : uint8_t { kFenceNone = 0, kFenceLocal = 1, kFenceGlobal = 2, kFenceAll = 3 };
inline bool fencesOrder(uint8_t fences, bool local) {
  return (fences & (local ? kFenceLocal : kFenceGlobal)) != 0;
}

class FenceLabel : public EventLabel {
public:
  FenceLabel(Event pos, ThreadPos tp, MemOrder o, Scope s, const SourceLoc *src)
      : EventLabel(Kind::Fence, pos, tp, o, s, src) {}
  uint8_t fences() const { return fences_; }
  bool orders(bool local) const { return fencesOrder(fences_, local); }
  void setFences(uint8_t f) { fences_ = f; }

private:
  uint8_t fences_ = kFenceAll;
};

class ThreadCreateLabel : public EventLabel {
public:
  ThreadCreateLabel(Event pos, ThreadPos tp, const SourceLoc *src, ThreadEntry entry,
                    ThreadId child = -1)
      : EventLabel(Kind::ThreadCreate, pos, tp, MemOrder::NotAtomic, Scope::System, src),
        entry_(std::move(entry)), child_(child) {}
  const ThreadEntry &entry() const { return entry_; }
  ThreadId child() const { return child_; }
  void setChild(ThreadId c) { child_ = c; }

private:
  ThreadEntry entry_;
  ThreadId child_;
};

class ThreadStartLabel : public EventLabel {
public:
  ThreadStartLabel(Event pos, ThreadPos tp, Event creator)
      : EventLabel(Kind::ThreadStart, pos, tp, MemOrder::NotAtomic, Scope::System, nullptr),
        creator_(creator) {}
  /// The create event of the parent (init() for the main thread).
  Event creator() const { return creator_; }
  void setCreator(Event c) { creator_ = c; }
  /// Where the thread may still access memory after each point of its code; null: not known.
  const SiteFootprintPtr &sites() const { return sites_; }
  void setSites(SiteFootprintPtr s) { sites_ = std::move(s); }

private:
  Event creator_;
  SiteFootprintPtr sites_;
};

/// How a thread ended: its entry function returned, pthread_exit, or exit() (which ends the
/// process: every other thread with it).
enum class FinishKind : uint8_t { Return, ThreadExit, ProcessExit };

class ThreadFinishLabel : public EventLabel {
public:
  ThreadFinishLabel(Event pos, ThreadPos tp, const SourceLoc *src, uint64_t ret,
                    FinishKind how = FinishKind::Return)
      : EventLabel(Kind::ThreadFinish, pos, tp, MemOrder::NotAtomic, Scope::System, src), ret_(ret),
        how_(how) {}
  uint64_t returnValue() const { return ret_; }
  FinishKind how() const { return how_; }

private:
  uint64_t ret_;
  FinishKind how_;
};

class ThreadJoinLabel : public EventLabel {
public:
  /// `run`, `at`: this join is run[at] of a run of joins its thread makes one right after the
  /// other, nothing in between (a launch's threads); null: not known.
  ThreadJoinLabel(Event pos, ThreadPos tp, const SourceLoc *src, ThreadId child,
                  std::shared_ptr<const std::vector<ThreadId>> run = nullptr, size_t at = 0)
      : EventLabel(Kind::ThreadJoin, pos, tp, MemOrder::NotAtomic, Scope::System, src),
        child_(child), run_(std::move(run)), at_(at) {}
  ThreadId child() const { return child_; }
  /// The threads its thread joins right after this join, in order, with no other event in
  /// between (the interpreter's promise); empty: none known.
  std::span<const ThreadId> joinsAfter() const {
    if (!run_ || at_ + 1 >= run_->size())
      return {};
    return std::span<const ThreadId>(*run_).subspan(at_ + 1);
  }
  /// Whether it is one of such a run (which ends its instruction's events: Interpreter::offer).
  bool ofRun() const { return run_ != nullptr; }

private:
  ThreadId child_;
  std::shared_ptr<const std::vector<ThreadId>> run_;
  size_t at_;
};

class AllocLabel : public EventLabel {
public:
  AllocLabel(Event pos, ThreadPos tp, const SourceLoc *src, Addr a, uint64_t size, bool zeroed)
      : EventLabel(Kind::Alloc, pos, tp, MemOrder::NotAtomic, Scope::System, src), addr_(a),
        size_(size), zeroed_(zeroed) {}
  Addr addr() const { return addr_; }
  uint64_t size() const { return size_; }
  bool zeroed() const { return zeroed_; }

private:
  Addr addr_;
  uint64_t size_;
  bool zeroed_;
};

/// free(), or a hazard-pointer retire (GenMC's __VERIFIER_hp_retire): a free that accesses
/// protected by one of their thread's hazard pointers may race with.
class FreeLabel : public EventLabel {
public:
  FreeLabel(Event pos, ThreadPos tp, const SourceLoc *src, Addr a, bool retire = false)
      : EventLabel(Kind::Free, pos, tp, MemOrder::NotAtomic, Scope::System, src), addr_(a),
        retire_(retire) {}
  Addr addr() const { return addr_; }
  bool isRetire() const { return retire_; }

private:
  Addr addr_;
  bool retire_;
};

/// Hazard pointer `slot` of the thread now protects the heap block holding `target` (0: it
/// protects nothing). No effect on memory: the heap checks read it (checks/BugChecker.cpp).
class HazardLabel : public EventLabel {
public:
  HazardLabel(Event pos, ThreadPos tp, const SourceLoc *src, Addr slot, Addr target)
      : EventLabel(Kind::Hazard, pos, tp, MemOrder::NotAtomic, Scope::System, src), slot_(slot),
        target_(target) {}
  Addr slot() const { return slot_; }
  Addr target() const { return target_; }

private:
  Addr slot_;
  Addr target_;
};

/// The thread cannot continue in this execution (assume, spin loop, loop bound, lock).
class BlockLabel : public EventLabel {
public:
  BlockLabel(Event pos, ThreadPos tp, const SourceLoc *src, BlockReason r, bool awaits = false)
      : EventLabel(Kind::Block, pos, tp, MemOrder::NotAtomic, Scope::System, src), reason_(r),
        awaits_(awaits) {}
  BlockReason reason() const { return reason_; }
  /// An await: the blocked spin iteration (or lock attempt) consisted of the one read right
  /// before this label, so only that read's value decided the block (the values the thread
  /// read before the iteration are fixed by its earlier events).
  bool awaitsLastRead() const { return awaits_; }
  /// A spin loop's block: the index of the blocked iteration's first event (-1: not known),
  /// whose reads decided it (they tell a hang: dpor/SpinPruning.h, spinsForGood).
  int32_t iterationStart() const { return iterationStart_; }
  void setIterationStart(int32_t i) { iterationStart_ = i; }
  /// A spin block that relies on no other thread reaching its thread's heap [from, to)
  /// (zero-net-effect rule, docs/dpor.md §4): checked at the end (ownHeapReached), kept till then.
  bool reliesOnOwnHeap() const { return ownHeap_.second != 0; }
  std::pair<Addr, Addr> ownHeap() const { return ownHeap_; }
  void setReliesOnOwnHeap(Addr from, Addr to) { ownHeap_ = {from, to}; }

private:
  BlockReason reason_;
  bool awaits_;
  int32_t iterationStart_ = -1;
  std::pair<Addr, Addr> ownHeap_{0, 0};
};

/// The thread hit an error (failed assertion, invalid memory access); it stops here.
class ErrorLabel : public EventLabel {
public:
  ErrorLabel(Event pos, ThreadPos tp, const SourceLoc *src, ErrorKind k, std::string msg)
      : EventLabel(Kind::Error, pos, tp, MemOrder::NotAtomic, Scope::System, src), ekind_(k),
        msg_(std::move(msg)) {}
  ErrorKind errorKind() const { return ekind_; }
  const std::string &message() const { return msg_; }

private:
  ErrorKind ekind_;
  std::string msg_;
};

/// One half of a barrier call (docs/model.md §5). The k-th call of a thread on a barrier belongs
/// to instance k (byArrival: the barrier's arrivals before it / count); the instance completes
/// at `count` arrivals. Both halves carry the barrier's scope and acquire-release order.
class BarrierLabel : public EventLabel {
public:
  Addr barrier() const { return barrier_; }
  uint32_t instance() const { return instance_; }
  void setInstance(uint32_t k) { instance_ = k; } // (the exploration's, before it is added)
  uint32_t count() const { return count_; }
  uint8_t fences() const { return fences_; }
  /// The memory the barrier orders (MemFences).
  bool orders(bool local) const { return fencesOrder(fences_, local); }
  void setFences(uint8_t f) { fences_ = f; }
  /// A pthread barrier whose phases are formed by arrival order (docs/model.md §5): its
  /// participants are the first `count` threads to arrive, and a thread left waiting at an
  /// instance that can never complete hangs (a deadlock, not barrier divergence).
  bool byArrival() const { return byArrival_; }
  void setByArrival(bool b) { byArrival_ = b; }
  static bool classof(const EventLabel *l) {
    return l->kind() == Kind::BarrierArrive || l->kind() == Kind::BarrierDepart;
  }

protected:
  BarrierLabel(Kind k, Event pos, ThreadPos tp, Scope s, const SourceLoc *src, Addr b,
               uint32_t instance, uint32_t count)
      : EventLabel(k, pos, tp, MemOrder::AcqRel, s, src), barrier_(b), instance_(instance),
        count_(count) {}

private:
  Addr barrier_;
  uint32_t instance_;
  uint32_t count_;
  uint8_t fences_ = kFenceAll;
  bool byArrival_ = false;
};

/// `usesSerial`: the calling thread reads whether it was the instance's serial thread (pthread's
/// PTHREAD_BARRIER_SERIAL_THREAD, docs/model.md §5; docs/development.md, "Barriers").
class BarrierArriveLabel : public BarrierLabel {
public:
  BarrierArriveLabel(Event pos, ThreadPos tp, Scope s, const SourceLoc *src, Addr b,
                     uint32_t instance, uint32_t count, bool usesSerial = false)
      : BarrierLabel(Kind::BarrierArrive, pos, tp, s, src, b, instance, count),
        usesSerial_(usesSerial) {}
  bool usesSerial() const { return usesSerial_; }
  const Collective &collective() const { return collective_; }
  void setCollective(const Collective &c) { collective_ = c; }
  /// The thread's loop iteration that ended right before this call was idle (it made no
  /// event but calls of this barrier, from instance idleFrom() to this one's predecessor,
  /// and started the next iteration as it started itself); -1: not so.
  int32_t idleFrom() const { return idleFrom_; }
  void setIdleFrom(int32_t k) { idleFrom_ = k; }

private:
  bool usesSerial_;
  int32_t idleFrom_ = -1;
  Collective collective_;
};

/// A departure knows which participant of its instance is the serial one (every departure
/// of an instance holds the same; kNoThread when the barrier elects none). The exploration
/// sets it when the departure is added (electSerial, dpor/Election.h); the thread reads it back.
class BarrierDepartLabel : public BarrierLabel {
public:
  static constexpr ThreadId kNoThread = -1;
  BarrierDepartLabel(Event pos, ThreadPos tp, Scope s, const SourceLoc *src, Addr b,
                     uint32_t instance, uint32_t count)
      : BarrierLabel(Kind::BarrierDepart, pos, tp, s, src, b, instance, count) {}
  ThreadId serial() const { return serial_; }
  void setSerial(ThreadId t) { serial_ = t; }
  /// Its thread's arrival carries a collective: the departure returns collectiveResult.
  bool isCollective() const { return collective_; }
  void setCollective(bool c) { collective_ = c; }
  /// At a warp's convergence barrier: the events showing which lanes take no part
  /// (convergenceAbsent, set when the departure is added; porf-before it).
  const std::vector<Event> &absent() const { return absent_; }
  void setAbsent(std::vector<Event> a) { absent_ = std::move(a); }

private:
  ThreadId serial_ = kNoThread;
  bool collective_ = false;
  std::vector<Event> absent_;
};

/// The kind of each concrete label class.
template <typename T> struct LabelKindOf;
#define SCOPEMC_LABEL(K, C, N)                                                                     \
  template <> struct LabelKindOf<C> {                                                              \
    static constexpr EventLabel::Kind value = EventLabel::Kind::K;                                 \
  };
#include "model/LabelKinds.def"

/// The name of a kind (model/LabelKinds.def).
std::string_view kindName(EventLabel::Kind k);

// isa: a concrete class by its kind, an abstract one (MemAccessLabel, BarrierLabel) by classof.
template <typename T> bool isa(const EventLabel *l) {
  if constexpr (requires { LabelKindOf<T>::value; })
    return l && l->kind() == LabelKindOf<T>::value;
  else
    return l && T::classof(l);
}
template <typename T> T *dyn_cast(EventLabel *l) {
  return isa<T>(l) ? static_cast<T *>(l) : nullptr;
}
template <typename T> const T *dyn_cast(const EventLabel *l) {
  return isa<T>(l) ? static_cast<const T *>(l) : nullptr;
}
/// A downcast the caller knows to hold: checked in debug builds.
template <typename T> T *cast(EventLabel *l) {
  assert(isa<T>(l) && "cast to a label class the label is not of");
  return static_cast<T *>(l);
}
template <typename T> const T *cast(const EventLabel *l) {
  assert(isa<T>(l) && "cast to a label class the label is not of");
  return static_cast<const T *>(l);
}
template <typename T> T &cast(EventLabel &l) { return *cast<T>(&l); }
template <typename T> const T &cast(const EventLabel &l) { return *cast<T>(&l); }

/// Calls f with the label as its concrete class; returns what f returns.
template <typename F> decltype(auto) visit(EventLabel &l, F &&f) {
  switch (l.kind()) {
#define SCOPEMC_LABEL(K, C, N)                                                                     \
  case EventLabel::Kind::K:                                                                        \
    return f(static_cast<C &>(l));
#include "model/LabelKinds.def"
  }
  __builtin_unreachable();
}
template <typename F> decltype(auto) visit(const EventLabel &l, F &&f) {
  switch (l.kind()) {
#define SCOPEMC_LABEL(K, C, N)                                                                     \
  case EventLabel::Kind::K:                                                                        \
    return f(static_cast<const C &>(l));
#include "model/LabelKinds.def"
  }
  __builtin_unreachable();
}

/// Whether the label ends its thread for good (finish, block, error).
inline bool isTerminal(const EventLabel *l) {
  return isa<ThreadFinishLabel>(l) || isa<BlockLabel>(l) || isa<ErrorLabel>(l);
}
/// Whether the label only reads memory: a read that starts no read-modify-write. (Every other
/// access, an RMW's read half included, counts as one that may write.)
inline bool isPlainRead(const EventLabel *l) {
  auto *r = dyn_cast<ReadLabel>(l);
  return r && !r->isRmw();
}
std::string describe(const EventLabel &l);

} // namespace scopemc
