// Branches in which a thread blocked by a spin loop or a lock can never continue: they hold
// no complete execution, so the exploration drops them (ExplorationOptions::dropFrozenSpins).
// Only blocked executions are skipped; the rules and why they are sound are in
// SpinPruning.cpp.
//
// Contract: a yes from isFrozenForever, frozenAfterRmw or someThreadBlockedForGood means no
// continuation of g holds a complete execution, so the branch can go; a no is always safe (it
// keeps a branch). The conformance test SpinPruning checks that every complete execution and
// error kind stays. Blocks that rely on their own heap are never dropped here: ownHeapReached
// checks their premise when the execution ends. recheck() only resets caches that skip checks,
// so a missing call keeps branches, never drops one. spinsForGood and ownHeapReached are
// functions of g, whatever `enabled` says. One pruner per explorer, not thread-safe; the driver
// must outlive it, and asking it may run threads (ThreadDriver::next).
#pragma once

#include <span>
#include <vector>

#include "dpor/ThreadDriver.h"

namespace scopemc {

/// Whether the spin-loop block b would spin for ever if no thread added an event any more:
/// every read of its blocked iteration got the latest write of its location, or one that only
/// the iteration's own write-backs follow in co (ThreadEndState::forGood; the iteration's
/// reads are known from BlockLabel::iterationStart).
bool spinsForGood(const ExecutionGraph &g, const BlockLabel &b);
/// For a block that relies on its thread's heap staying its own (BlockLabel::reliesOnOwnHeap):
/// whether another thread of g accessed or freed an address of that heap (the zero-net-effect
/// rule's premise failed).
bool ownHeapReached(const ExecutionGraph &g, const BlockLabel &b);

class SpinPruner {
public:
  /// `enabled` false: every question below answers "no" (nothing is dropped).
  SpinPruner(ThreadDriver &driver, bool enabled) : driver_(driver), enabled_(enabled) {}

  /// A spin loop or lock that blocks after a read that was not added maximally: the block
  /// stays in every continuation of g.
  bool isFrozenForever(const ExecutionGraph &g, const BlockLabel &b) const;
  /// The RMW w (just placed) is a failed lock attempt or spin iteration whose thread then
  /// freezes (isFrozenForever): no branch the write could start holds a complete execution.
  /// Then the value w wrote blocks its read for every other source too.
  bool frozenAfterRmw(const ExecutionGraph &g, const WriteLabel &w);
  /// Some thread of g is blocked by a spin loop and no continuation of g can unblock it.
  bool someThreadBlockedForGood(const ExecutionGraph &g);
  /// The graph changed other than by adding an event (or a block was added): the answer of
  /// someThreadBlockedForGood may have changed.
  void recheck() {
    maybeSpinBlocked_ = true;
    holdOuts_.clear();
  }

private:
  /// What every event added from now on must depend on for a blocked thread to stay blocked.
  struct Anchors {
    ThreadId blocked;
    Event lastRead;                // the blocked thread's last read
    std::span<const Event> writes; // co-after the sources of all its open reads
    bool heldBy(const EventLabel &l) const;
  };
  static bool isPinned(const ExecutionGraph &g, const ReadLabel &q);
  /// False: `holdOut` is a thread that must add events before the answer can change (-1: none
  /// can change it before the next backtracking step).
  bool isBlockedForGood(const ExecutionGraph &g, ThreadId t, ThreadId &holdOut);
  ThreadId holdOutOf(const ExecutionGraph &g, ThreadId u, const Anchors &d);
  ThreadId joinHoldOut(const ExecutionGraph &g, ThreadId u, const Anchors &d, int depth);

  ThreadDriver &driver_;
  bool enabled_;
  /// False only while no thread of the graph is known to be blocked by a spin loop: set by
  /// recheck (a block added, every backtracking step), cleared by someThreadBlockedForGood.
  bool maybeSpinBlocked_ = true;
  /// Threads the last failed check of someThreadBlockedForGood waits for, with their sizes
  /// then (thread -1: the answer cannot change); cleared with maybeSpinBlocked_ set.
  struct HoldOut {
    ThreadId thread;
    int32_t size;
  };
  std::vector<HoldOut> holdOuts_;
};

} // namespace scopemc
