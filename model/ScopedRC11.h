// Scoped RC11 (docs/model.md sections 3 and 4), checked incrementally for the event just added.
//
// Contract: ConsistencyChecker's (model/Consistency.h). The checker keeps nothing but its two
// flags; it writes only to the graph: e's views in updateViews, and the join of a barrier
// instance's arrivals, kept in the graph (ExecutionGraph::barrierJoin) even through a const
// graph. Its shortcuts (a departure taking its instance's join whole, a psc check around the
// event just added) are taken only where they give the full answer; crossCheckPsc compares each
// shortcut psc answer with the check from scratch (pscAcyclic), and that with the relation's
// definition.
#pragma once

#include "model/Consistency.h"

namespace scopemc {

class ScopedRC11Checker final : public ConsistencyChecker {
public:
  /// With `useScopes` false every scope counts as system (plain RC11).
  /// With `crossCheckPsc`, every incremental psc answer is compared with the from-scratch
  /// one (a test aid: a disagreement throws std::logic_error).
  explicit ScopedRC11Checker(bool useScopes, bool crossCheckPsc = false)
      : useScopes_(useScopes), crossCheckPsc_(crossCheckPsc) {}

  void updateViews(ExecutionGraph &g, Event e) const override;
  void coherentRfs(const ExecutionGraph &g, Event read, std::vector<Event> &out) const override;
  void coherentCoPlacements(const ExecutionGraph &g, Event write,
                            std::vector<size_t> &out) const override;
  bool isConsistent(const ExecutionGraph &g, Event e) const override;
  bool isConsistentWithListedSource(const ExecutionGraph &g, Event r) const override;
  bool incl(const EventLabel &a, const EventLabel &b) const override;
  bool rmwIsAtomic(const ExecutionGraph &g, Event w) const override;
  bool rmwStaysAtomic(const ExecutionGraph &g, Event w, const View &kept,
                      Event revisited) const override;

private:
  /// hb contributed to the acquire event `acq` by the reader `reader` reading from `w`:
  /// the views of the release events whose release sequence reaches `w` (scoped sw).
  /// `local`: the view for local memory (EventLabel::hbFor); `split` is set when a release
  /// event joined keeps the two views apart.
  View syncFrom(const ExecutionGraph &g, Event w, Event reader, const EventLabel &acq,
                bool local = false, bool *split = nullptr) const;
  /// Computes e's happens-before for local memory (`local`) or for the rest into `hb` from
  /// the views of its sources, and with `porf` its porf view; `split` (if given) is set when
  /// a source keeps two hb views or a barrier orders one memory only.
  void joinViews(const ExecutionGraph &g, Event e, bool local, View &hb, View *porf,
                 bool *split) const;
  /// The join of the views of every arrival at instance k of barrier b, computed once per
  /// set of arrivals (kept in the graph: ExecutionGraph::barrierJoin).
  const BarrierJoin &arrivalsJoined(const ExecutionGraph &g, Addr b, uint32_t k) const;
  /// Sets departure d's hb (for all memory) and porf views to its instance's joins when they
  /// are exactly what the arrivals give it (every arrival included and ordering all memory
  /// with one view); false, leaving them unchanged, otherwise.
  bool departsWithAll(const ExecutionGraph &g, const BarrierDepartLabel &d, View &hb,
                      View *porf) const;
  /// The co-latest write of `a` that an hb-predecessor of `e` (e excluded) observes.
  Event maxObservedWrite(const ExecutionGraph &g, Event e, Addr a) const;
  bool readIsCoherent(const ExecutionGraph &g, const ReadLabel &r) const;
  bool pscHoldsAfter(const ExecutionGraph &g, const EventLabel &lab) const;
  bool pscAcyclic(const ExecutionGraph &g) const;
  /// psc acyclicity by evaluating the relation as its definition states it (slow; the
  /// reference crossCheckPsc compares pscAcyclic with).
  bool pscAcyclicByDefinition(const ExecutionGraph &g) const;
  /// Whether SC access e, the last event of its thread, closes a psc cycle in a graph with
  /// no SC fence that was psc-acyclic without it (Psc.cpp): a search around e only.
  bool pscCycleThrough(const ExecutionGraph &g, const MemAccessLabel &e) const;
  bool hasScFenceBefore(const ExecutionGraph &g, Event e) const;
  /// Whether `lab`, just added to a psc-acyclic graph, can close no psc cycle: it is its
  /// thread's last event, in no other event's hb, and an SC fence or an access that observes
  /// the co-latest write of its location (ScopedRC11.cpp).
  bool addsNoPscEdge(const ExecutionGraph &g, const EventLabel &lab) const;

  bool useScopes_;
  bool crossCheckPsc_;
};

} // namespace scopemc
