// The memory-model interface the exploration asks: "is G + e consistent?", "where can this
// write go in co?", "which writes can this read read from?". One implementation per model,
// chosen by a factory, so that a plain RC11 checker can be swapped in for differential tests.
//
// Contract: every answer is a function of the graph it is given (the checker keeps nothing a
// caller could observe between calls; explorers of a parallel search each own one).
// coherentRfs and coherentCoPlacements list every choice coherence and atomicity allow, in a
// fixed order (a superset of the consistent ones: the caller keeps those isConsistent
// accepts); isConsistent decides every axiom of the model (docs/model.md §4) for a graph that
// satisfied them before `e`, and never accepts a graph that breaks one.
#pragma once

#include <memory>
#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

enum class ModelKind : uint8_t {
  ScopedRC11, // docs/model.md: scopes restrict synchronisation and psc
  RC11,       // the same with every scope treated as system
};

class ConsistencyChecker {
public:
  virtual ~ConsistencyChecker() = default;

  /// Computes the hb and porf views of `e`, the last event of its thread, whose po
  /// predecessors (and rf source, creator, joined thread) already have theirs.
  virtual void updateViews(ExecutionGraph &g, Event e) const = 0;

  /// The writes of the location of `read` (the last event of its thread, views computed
  /// without its rf) that it may read from without breaking coherence, in co order, into
  /// `out` (cleared first: the caller may reuse one buffer).
  virtual void coherentRfs(const ExecutionGraph &g, Event read, std::vector<Event> &out) const = 0;
  std::vector<Event> coherentRfs(const ExecutionGraph &g, Event read) const {
    std::vector<Event> out;
    coherentRfs(g, read, out);
    return out;
  }

  /// The positions in co (0 = right after init) where `write` (added, views computed, not
  /// yet placed) may go without breaking coherence or atomicity, in increasing order, into
  /// `out` (cleared first).
  virtual void coherentCoPlacements(const ExecutionGraph &g, Event write,
                                    std::vector<size_t> &out) const = 0;
  std::vector<size_t> coherentCoPlacements(const ExecutionGraph &g, Event write) const {
    std::vector<size_t> out;
    coherentCoPlacements(g, write, out);
    return out;
  }

  /// Whether the graph is consistent, given that it was consistent before `e` was added
  /// (or before `e`, a read, changed its rf). Views of `e` must be up to date.
  virtual bool isConsistent(const ExecutionGraph &g, Event e) const = 0;
  /// isConsistent(g, r) for a read `r` that now reads another of the sources coherentRfs
  /// listed for it in this same graph (an rf alternative): the checks no such source can
  /// break are skipped.
  virtual bool isConsistentWithListedSource(const ExecutionGraph &g, Event r) const = 0;

  /// Whether the write half `w` of an RMW sits right after the write its read half reads,
  /// with no other RMW reading that write (the atomicity axiom for w).
  virtual bool rmwIsAtomic(const ExecutionGraph &g, Event w) const = 0;
  /// rmwIsAtomic(w) in the graph a backward revisit of `revisited` by `w` would make: `g`
  /// restricted to `kept` (which holds w's porf prefix, not `revisited`), `revisited` reading w.
  virtual bool rmwStaysAtomic(const ExecutionGraph &g, Event w, const View &kept,
                              Event revisited) const = 0;

  /// incl(a, b) for two labels (docs/model.md section 1); false unless both are atomic.
  virtual bool incl(const EventLabel &a, const EventLabel &b) const = 0;
};

/// Strict happens-before from a to b, read off b's view.
inline bool hbBefore(const ExecutionGraph &g, Event a, Event b, bool local = false) {
  return a != b && !a.isInit() && g.label(b)->hbFor(local).contains(a);
}

} // namespace scopemc
