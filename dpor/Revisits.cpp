// Backward revisits and the maximality condition that keeps the exploration optimal
// (docs/dpor.md §2): a revisit r <- w is taken only if it is the one way to reach its graph.
#include "dpor/Revisits.h"

#include <algorithm>

namespace scopemc {

View keptView(const ExecutionGraph &g, Event r, Event w) {
  View kept = g.viewUpToStamp(g.label(r)->stamp());
  kept.join(g.label(w)->porf());
  return kept;
}

std::vector<Event> revisitedReads(const ExecutionGraph &g, Event w,
                                  const ConsistencyChecker &checker) {
  std::vector<Event> out;
  auto *wl = cast<WriteLabel>(g.label(w));
  const View &prefix = wl->porf();
  auto *li = g.location(wl->addr());
  if (!li)
    return out;
  // Every access of the location came from w's thread, and w is that thread's last event:
  // each read is po-before w, in its prefix (a thread looping over its own data).
  if (li->soleThread == w.thread && w.index == g.threadSize(w.thread) - 1)
    return out;
  for (Event r : li->reads) {
    // (a read not added maximally is never revisited: isMaximalExtension, condition 2)
    // (nor is a deferred update's read: dpor/Deferral.h)
    if (prefix.contains(r) || !g.label(r)->revisitable() || !g.label(r)->addedMax() ||
        cast<ReadLabel>(g.label(r))->deferred())
      continue;
    View kept = keptView(g, r, w);
    // A revisit by an RMW's write half that would leave it sharing its source with another
    // RMW is dropped here rather than after the graph copy (applyBackwardRevisit).
    if (wl->isRmwPart() && !checker.rmwStaysAtomic(g, w, kept, r))
      continue;
    if (isMaximalExtension(g, r, w, kept))
      out.push_back(r);
  }
  return out;
}

bool isMaximalExtension(const ExecutionGraph &g, Event r, Event w, const View &kept) {
  auto *wl = cast<WriteLabel>(g.label(w));
  // 1. w's immediate co-successor stays: revisits must not differ only in w's placement.
  if (!wl->isRmwPart()) {
    auto &co = g.location(wl->addr())->co;
    auto idx = static_cast<size_t>(g.coIndex(w));
    if (idx + 1 < co.size() && !kept.contains(co[idx + 1]))
      return false;
  }
  auto maximal = [&](const EventLabel *l) {
    // 2. added maximally, and never part of the prefix of an earlier revisiting write
    if (!l->revisitable() || !l->addedMax())
      return false;
    // 3. the write it observes is not co-before a kept write other than w (a deferred update
    // has one way to be added, whatever is kept: dpor/Deferral.h)
    auto *m = dyn_cast<MemAccessLabel>(l);
    if (!m || m->deferred())
      return true;
    Event obs = g.observedWrite(m);
    auto &co = g.location(m->addr())->co;
    for (size_t i = static_cast<size_t>(g.coIndex(obs) + 1); i < co.size(); ++i)
      if (co[i] != w && kept.contains(co[i]))
        return false;
    return true;
  };
  if (!maximal(g.label(r)))
    return false;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = kept.get(t) + 1; i < g.threadSize(t); ++i)
      if (!maximal(g.label(Event{t, i})))
        return false;
  return true;
}

} // namespace scopemc
