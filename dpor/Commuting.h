// Commuting updates in the exploration (docs/commuting.md): RMWs that the interpreter marked
// as commuting (RmwInfo::commutes: relaxed integer adds whose results are unused) are explored
// in one order where nothing can tell their orders apart, instead of once per order.
//
// A violation: RMWs a and b of the mark, on one location, by threads A > B, with b reading
// a's write, where
// - no other event reads a's write, and no thread that may still access the location can
//   (each knows b's write, so coherence keeps its reads after it, or never touches it);
// - a does not happen before b, and reaches b through po and rf only by b's read;
// - no release event heads the release sequence through them: their sources, back to the
//   first write that is not an RMW, have no release fence or release write to the location
//   before them in their threads (so exchanging them changes no synchronisation).
// Exchanging a and b then gives an execution with the same happens-before, the same values
// read by every other event and the same final memory (docs/commuting.md, "Why nothing is
// lost"), which is explored.
//
// Contract: like SymmetryPruner, a graph is dropped only for a violation whose events stay
// (Persistence), so every graph below it has the violation too.
#pragma once

#include <cstdint>
#include <vector>

#include "dpor/Persistence.h"
#include "model/ExecutionGraph.h"

namespace scopemc {

class CommutingPruner {
public:
  CommutingPruner(bool enabled, Persistence &persistence) : enabled_(enabled), p_(persistence) {}

  /// The search starts from g (its own or a branch given away by another explorer): the
  /// locations of g's RMWs of the mark are noted.
  void attach(const ExecutionGraph &g);
  /// g was just extended by e (consistently): whether to drop the branch.
  bool prunesAfterAdd(const ExecutionGraph &g, Event e);
  /// g was just changed by an alternative (a new source, a co placement, a revisit): whether
  /// to drop the branch.
  bool prunesAfterChange(const ExecutionGraph &g);
  /// Whether an RMW of the mark was seen (attach, prunesAfterAdd).
  bool sawAny() const { return !locations_.empty(); }
  /// Branches dropped so far.
  uint64_t pruned() const { return pruned_; }

private:
  bool check(const ExecutionGraph &g);
  void note(const ReadLabel &r);
  /// Whether rb (an RMW's read of the mark) and the RMW whose write it reads form a
  /// violation that stays.
  bool violation(const ExecutionGraph &g, const ReadLabel &rb);
  /// Whether no release event heads a release sequence through w (back to the first write
  /// that is not an RMW).
  static bool syncInert(const ExecutionGraph &g, Event w);
  /// Whether no event added below the graph can read `wa`: every thread other than `b`'s
  /// that may access the location knows `wb`.
  bool unreadForGood(const ExecutionGraph &g, const WriteLabel &wa, const WriteLabel &wb);

  bool enabled_;
  Persistence &p_;
  std::vector<Addr> locations_; // locations with an RMW of the mark, in the order seen
  uint64_t pruned_ = 0;
};

} // namespace scopemc
