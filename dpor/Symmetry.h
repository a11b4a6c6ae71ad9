// Symmetry reduction in the exploration (docs/symmetry.md): executions that differ only by a
// permutation of interchangeable threads are explored once, or a few times, instead of once
// per permutation.
//
// Which threads are interchangeable is the interpreter's answer (ThreadEntry::symmetry,
// program/Symmetry.h): threads with equal keys, created by one thread one right after the
// other. Among two such threads s < t, an execution where t "goes first" is redundant: at the
// first event where their histories differ, both read one location, and t's source is co-before
// s's. Exchanging the two threads gives an execution where s goes first, which is explored.
//
// Contract: a graph is dropped only if such a violation lies in its persistent part (events no
// backward revisit below the graph can remove or change: docs/symmetry.md, "Why nothing is
// lost"), so that every graph explored below it has the violation too, or every canonical one
// does (a higher thread of the class gives the violation's later read no write in a canonical
// execution). Either way no execution that is the canonical one of its class is below it.
// Executions explored are a subset of those without the reduction, and contain one of every class.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "dpor/Persistence.h"
#include "model/ExecutionGraph.h"

namespace scopemc {

class SymmetryPruner {
public:
  /// `persistence`: what stays of each graph, shared with the other reductions;
  /// `pairwiseUpTo`: ExplorationOptions::symmetryPairwiseUpTo.
  SymmetryPruner(bool enabled, size_t pairwiseUpTo, Persistence &persistence)
      : enabled_(enabled), pairwiseUpTo_(pairwiseUpTo), p_(persistence) {}

  /// The search starts from g (its own or a branch given away by another explorer): whether
  /// two of the program's threads may share a class is noted (nothing else is done for
  /// programs whose threads never do).
  void attach(const ExecutionGraph &g);
  /// g was just extended by e (consistently): whether to drop the branch.
  bool prunesAfterAdd(const ExecutionGraph &g, Event e);
  /// g was just changed by an alternative (a new source, a co placement, a revisit): whether
  /// to drop the branch.
  bool prunesAfterChange(const ExecutionGraph &g);
  /// g is complete or blocked: whether the threads of each class were joined alike (one
  /// joiner, nothing but joins between their joins). Exchanging threads is only invisible to
  /// the rest of the program then; false: the reduction's premise failed in this execution.
  bool joinsAlike(const ExecutionGraph &g);
  /// Branches dropped so far.
  uint64_t pruned() const { return pruned_; }
  /// Whether any class of two threads or more was seen.
  bool active() const { return sawClass_; }

private:
  /// Classes of the graph's threads, each in increasing thread order (recomputed when the
  /// threads may have changed).
  const std::vector<std::vector<ThreadId>> &classes(const ExecutionGraph &g, bool fresh);
  /// The first index at which t's history shows it went before s (s < t), or -1.
  int32_t violation(const ExecutionGraph &g, ThreadId s, ThreadId t) const;
  /// Whether the first `upTo` + 1 events of s and t and their sources are persistent.
  bool persistent(const ExecutionGraph &g, ThreadId s, ThreadId t, int32_t upTo);
  /// Whether a violation between two threads of a class (one of them `only`, unless negative)
  /// is persistent: the branch is dropped (counted in pruned_).
  bool check(const ExecutionGraph &g, ThreadId only);
  /// Calls f(s, t, j) for the pairs s < t of class c with violation(g, s, t) == j >= 0 until
  /// it returns true (then true).
  bool anyViolation(const ExecutionGraph &g, const std::vector<ThreadId> &c,
                    const std::function<bool(ThreadId, ThreadId, int32_t)> &f) const;
  /// Whether every write that a revisit below the graph could give a read of x's location
  /// is co-after x.
  /// (j: the index of the violation.)
  bool laterWritesFollow(const ExecutionGraph &g, Event x, ThreadId s, ThreadId t, int32_t j);
  /// Whether u is a higher thread of s's class that has made, for good, the same j - 1 events
  /// as s and none of them writes x's location: s's read at index j does not read from u in a
  /// canonical execution.
  bool laterInClass(const ExecutionGraph &g, ThreadId s, ThreadId u, int32_t j, Event x);

  bool enabled_;
  size_t pairwiseUpTo_;
  Persistence &p_;
  bool sawClass_ = false;
  /// The last check of every class found no violation at all (persistent or not), and no read
  /// that could make one was added since: a thread's finish then needs no check (a grid of
  /// threads alike up to their deferred updates would be walked at each finish).
  bool unviolated_ = false;
  /// Two created threads had one key (ThreadEntry::symmetry): before that, nothing is checked.
  void noteKey(ThreadId child, const SymmetryKey &key);
  bool keyed_ = false;
  /// (thread, key) by a hash of the key, while keyed_ is false.
  std::unordered_map<uint64_t, std::vector<std::pair<ThreadId, SymmetryKey>>> seenKeys_;
  uint64_t pruned_ = 0;
  std::vector<std::vector<ThreadId>> classes_;
  size_t classesFor_ = 0; // the thread count the classes were computed for (0: stale)
};

} // namespace scopemc
