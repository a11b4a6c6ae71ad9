// The premise of deferred updates, checked on each added event (Deferral.h).
#include "dpor/Deferral.h"

#include <algorithm>

#include "model/RmwOps.h"

namespace scopemc {

namespace {

bool isDeferred(const ExecutionGraph &g, Event e) {
  return cast<MemAccessLabel>(g.label(e))->deferred();
}

/// A deferred update's write half `w` was just added: its operation commutes with the
/// location's updates, and every other access of the location happens before it.
bool updateOrdered(const ExecutionGraph &g, const WriteLabel &w, const LocationInfo &li) {
  if (!rmwOpsCommute(cast<ReadLabel>(g.label(w.pos().prev()))->rmw().op, li.deferredOp))
    return false;
  const View &hb = w.hbFor(w.localSpace());
  return std::all_of(li.plain.begin(), li.plain.end(), [&](Event q) { return hb.contains(q); });
}

/// An access that is not a deferred update was just added: every deferred update of its
/// location happens before it.
bool accessOrdered(const ExecutionGraph &g, const MemAccessLabel &m, const LocationInfo &li) {
  const View &hb = m.hbFor(m.localSpace());
  // (an update's write half follows its read half at once: Scheduler::pendingWriteHalf)
  for (Event x : li.co)
    if (isDeferred(g, x) && !hb.contains(x))
      return false;
  return true;
}

} // namespace

void DeferredUpdates::attach(const ExecutionGraph &g) {
  seen_ = false;
  for (const auto &[addr, li] : g.locations())
    seen_ = seen_ || li.deferredSeen;
}

void DeferredUpdates::mark(const ExecutionGraph &g, EventLabel &lab) {
  if (!on_)
    return;
  if (auto *r = dyn_cast<ReadLabel>(&lab)) {
    if (r->rmw().commutes) {
      r->setDeferred();
      seen_ = true;
    }
  } else if (auto *w = dyn_cast<WriteLabel>(&lab); w && w->isRmwPart()) {
    Event e = w->pos();
    if (e.index > 0 && cast<ReadLabel>(g.label(e.prev()))->deferred())
      w->setDeferred();
  }
}

bool DeferredUpdates::premiseHolds(const ExecutionGraph &g, Event e) const {
  if (!on_ || !checked_ || !seen_)
    return true;
  const EventLabel *lab = g.label(e);
  if (auto *f = dyn_cast<FenceLabel>(lab)) {
    if (!isAcquire(f->order()))
      return true;
    for (int32_t i = e.index - 1; i >= 0; --i)
      if (auto *r = dyn_cast<ReadLabel>(g.label(Event{e.thread, i})); r && r->deferred())
        return false;
    return true;
  }
  auto *m = dyn_cast<MemAccessLabel>(lab);
  const LocationInfo *li = m ? g.location(m->addr()) : nullptr;
  if (!li || !li->deferredSeen)
    return true;
  if (!m->deferred())
    return accessOrdered(g, *m, *li);
  auto *w = dyn_cast<WriteLabel>(m);
  return !w || updateOrdered(g, *w, *li);
}

bool DeferredUpdates::addDeferredRead(ExecutionGraph &g, ReadLabel &r,
                                      const ConsistencyChecker &checker) {
  g.setRf(r.pos(), g.coMax(r.addr()));
  r.setAddedMax(true);
  checker.updateViews(g, r.pos());
  return checker.isConsistent(g, r.pos());
}

bool DeferredUpdates::fixesAnOrder(const ExecutionGraph &g, Event w) {
  Event src = cast<ReadLabel>(g.label(w.prev()))->rf();
  return !src.isInit() && src.thread != w.thread && isDeferred(g, src) &&
         !g.label(w)->hbFor(cast<WriteLabel>(g.label(w))->localSpace()).contains(src);
}

} // namespace scopemc
