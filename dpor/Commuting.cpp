#include "dpor/Commuting.h"

#include <algorithm>

#include "model/RmwOps.h"

namespace scopemc {

void CommutingPruner::note(const ReadLabel &r) {
  // (a deferred update has one order: dpor/Deferral.h)
  if (r.rmw().commutes && !r.deferred() &&
      std::find(locations_.begin(), locations_.end(), r.addr()) == locations_.end())
    locations_.push_back(r.addr());
}

void CommutingPruner::attach(const ExecutionGraph &g) {
  locations_.clear();
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    for (int32_t i = 0; i < g.threadSize(u); ++i)
      if (auto *r = dyn_cast<ReadLabel>(g.label(Event{u, i})))
        note(*r);
}

bool CommutingPruner::prunesAfterAdd(const ExecutionGraph &g, Event e) {
  if (!enabled_)
    return false;
  if (auto *r = dyn_cast<ReadLabel>(g.label(e)))
    note(*r);
  return !locations_.empty() && check(g);
}

bool CommutingPruner::prunesAfterChange(const ExecutionGraph &g) {
  return enabled_ && !locations_.empty() && check(g);
}

bool CommutingPruner::check(const ExecutionGraph &g) {
  p_.refresh();
  for (Addr a : locations_) {
    const LocationInfo *li = g.location(a);
    if (!li)
      continue;
    for (Event r : li->reads) {
      auto *rb = cast<ReadLabel>(g.label(r));
      if (rb->rmw().commutes && !rb->deferred() && violation(g, *rb)) {
        ++pruned_;
        return true;
      }
    }
  }
  return false;
}

bool CommutingPruner::violation(const ExecutionGraph &g, const ReadLabel &rb) {
  // The cheap tests first: b reads the write of a marked RMW a of a higher thread.
  Event wa = rb.rf();
  if (wa.isInit() || wa.thread <= rb.thread() || wa.index == 0)
    return false;
  auto *wal = dyn_cast<WriteLabel>(g.label(wa));
  auto *ra = dyn_cast<ReadLabel>(g.label(wa.prev()));
  if (!wal || !wal->isRmwPart() || !ra || !ra->rmw().commutes || ra->addr() != rb.addr() ||
      ra->size() != rb.size())
    return false;
  if (!rmwOpsCommute(ra->rmw().op, rb.rmw().op) && p_.checks(Premise::CommutingOperations))
    return false;
  Event wb = rb.pos().next();
  if (wb.index >= g.threadSize(wb.thread))
    return false;
  auto *wbl = dyn_cast<WriteLabel>(g.label(wb));
  if (!wbl || !wbl->isRmwPart())
    return false;
  // a must not happen before b (then the order is the program's, not the search's), nor
  // reach b through po and rf other than by b's read (b's source changes: a po ∪ rf cycle).
  const EventLabel *beforeB = g.label(rb.pos().prev());
  if (rb.hbFor(false).contains(ra->pos()) || rb.hbFor(true).contains(ra->pos()) ||
      beforeB->porf().contains(ra->pos()))
    return false;
  if (g.anyReaderOf(wa, rb.addr(), [&](Event x) { return x != rb.pos(); }))
    return false;
  if (!syncInert(g, wb))
    return false;
  for (const EventLabel *l :
       {static_cast<const EventLabel *>(ra), static_cast<const EventLabel *>(wal),
        static_cast<const EventLabel *>(&rb), static_cast<const EventLabel *>(wbl)})
    if (!p_.stays(g, l))
      return false;
  return unreadForGood(g, *wal, *wbl);
}

bool CommutingPruner::syncInert(const ExecutionGraph &g, Event w) {
  // The release heads ScopedRC11Checker::syncFrom looks for along the release sequence.
  while (!w.isInit()) {
    auto *wl = cast<WriteLabel>(g.label(w));
    for (int32_t i = 0; i <= w.index; ++i) {
      const EventLabel *l = g.label(Event{w.thread, i});
      if (!isRelease(l->order()))
        continue;
      if (isa<FenceLabel>(l))
        return false;
      if (auto *x = dyn_cast<WriteLabel>(l); x && x->addr() == wl->addr())
        return false;
    }
    if (!wl->isRmwPart())
      return true;
    w = cast<ReadLabel>(g.label(w.prev()))->rf();
  }
  return true;
}

bool CommutingPruner::unreadForGood(const ExecutionGraph &g, const WriteLabel &wa,
                                    const WriteLabel &wb) {
  if (!p_.checks(Premise::CommutingUnread))
    return true;
  // A read that has wb in its happens-before reads wb or a write co-after it (coherence).
  auto knowsB = [&](const View &known) { return known.contains(wb.pos()); };
  for (ThreadId u = 0; u < g.numThreads(); ++u) {
    if (u == wb.thread() || !g.threadExists(u))
      continue;
    if (u != wa.thread() && !Persistence::mayAccess(g, u, wa.addr(), wa.size()))
      continue;
    if (!p_.knows(g, u, wa.localSpace(), knowsB))
      return false;
  }
  return true;
}

} // namespace scopemc
