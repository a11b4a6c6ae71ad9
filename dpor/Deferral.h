// Deferred updates (docs/commuting.md, "Deferred updates"): the commuting updates of a
// location are added in one order only, the order the search reaches them in, instead of
// being generated in every order and pruned.
//
// A marked RMW (RmwInfo::commutes) becomes a deferred update when it is added: its read half
// takes the location's co-maximal write and its write half goes last in coherence order (no
// alternatives), its read adds nothing to any view (no porf or hb edge: ScopedRC11), it is
// never revisited and its write revisits nothing, and a backward revisit that removes an
// update before it in coherence order gives it the write now before it and recomputes its
// value (ExecutionGraph::settleDeferred).
//
// Contract: this explores one member of each class of executions that differ only in the
// order of deferred updates, provided the premise holds on every graph the search makes:
//   1. every access of a location with a deferred update that is not one is ordered by
//      happens-before with each of its deferred updates (then nothing reads a value between
//      two updates, and every other read reads a value their order does not change);
//   2. the deferred updates of a location commute with each other (rmwOpsCommute);
//   3. no acquire fence follows a deferred update in its thread (the only way an update's
//      read could synchronise).
// premiseHolds checks it on each added event; when it fails, the search stops
// (ExplorationResult::deferralBroken) and the caller starts over without deferral, with the
// commuting pruning of dpor/Commuting.h instead.
#pragma once

#include <cstdint>

#include "model/Consistency.h"
#include "model/ExecutionGraph.h"

namespace scopemc {

class DeferredUpdates {
public:
  /// `on`: marked RMWs are deferred; `checked`: the premise is checked (a test may waive it).
  DeferredUpdates(bool on, bool checked) : on_(on), checked_(checked) {}
  bool on() const { return on_; }
  /// The search starts from g (its own or a branch given away by another explorer).
  void attach(const ExecutionGraph &g);
  /// Marks `lab`, about to be added to `g`, as half of a deferred update if it is one.
  void mark(const ExecutionGraph &g, EventLabel &lab);
  /// Whether the premise still holds with the event `e` just added (its views computed).
  bool premiseHolds(const ExecutionGraph &g, Event e) const;
  /// Adds the deferred update's read half `r` (just added to g): it reads the co-maximal
  /// write. Whether g stays consistent.
  static bool addDeferredRead(ExecutionGraph &g, ReadLabel &r, const ConsistencyChecker &checker);
  /// Whether the deferred update whose write half is `w` follows another thread's deferred
  /// update that does not happen before it: an order the search fixed (the counts are then up
  /// to the order of commuting updates).
  static bool fixesAnOrder(const ExecutionGraph &g, Event w);

private:
  bool on_;
  bool checked_;
  bool seen_ = false; // a deferred update was marked or attached: before, nothing to check
};

} // namespace scopemc
