#include "model/ScopedRC11.h"
#include "model/Collective.h"

#include <algorithm>
#include <stdexcept>

namespace scopemc {

bool ScopedRC11Checker::incl(const EventLabel &a, const EventLabel &b) const {
  if (!isAtomic(a.order()) || !isAtomic(b.order()))
    return false;
  if (!useScopes_)
    return true;
  return scopeIncludes(a.scope(), a.threadRef(), b.scope(), b.threadRef());
}

namespace {

bool isReleaseHead(const EventLabel &l, Addr loc) {
  if (!isRelease(l.order()))
    return false;
  if (isa<FenceLabel>(&l))
    return true;
  auto *w = dyn_cast<WriteLabel>(&l);
  return w && w->addr() == loc;
}

} // namespace

View ScopedRC11Checker::syncFrom(const ExecutionGraph &g, Event w, Event reader,
                                 const EventLabel &acq, bool local, bool *split) const {
  View acc;
  Event cur = w;
  Event rd = reader;
  while (!cur.isInit()) {
    auto *wl = cast<WriteLabel>(g.label(cur));
    if (!incl(*wl, *g.label(rd))) // every rf link of the release sequence is in incl
      break;
    // [E >= rel]; ([F]; po)?; [W]; po|loc?; [cur]: the latest such release event in incl
    // with the acquire side dominates all earlier ones of its thread.
    for (int32_t i = cur.index; i >= 0; --i) {
      auto *l = g.label(Event{cur.thread, i});
      // (a fence that orders only one memory is a release for that memory alone)
      auto *fl = dyn_cast<FenceLabel>(l);
      if (fl && split && fl->fences() != kFenceAll && isRelease(fl->order()))
        *split = true;
      if (fl && !fl->orders(local))
        continue;
      if (isReleaseHead(*l, wl->addr()) && incl(*l, acq)) {
        acc.join(l->hbFor(local));
        if (split && l->hbSplit())
          *split = true;
        break;
      }
    }
    if (!wl->isRmwPart())
      break;
    rd = cur.prev();
    cur = cast<ReadLabel>(g.label(rd))->rf();
  }
  return acc;
}

[[gnu::always_inline]] inline void ScopedRC11Checker::joinViews(const ExecutionGraph &g, Event e,
                                                                bool local, View &hb, View *porf,
                                                                bool *split) const {
  const EventLabel *lab = g.label(e);
  // The hb view of a source for this memory (noting whether the source keeps two), and its
  // porf view joined into e's.
  auto from = [&](const EventLabel *l) -> const View & {
    if (split && l->hbSplit())
      *split = true;
    return l->hbFor(local);
  };
  // (porf is transitive and views are closed under it: a source already in e's porf view
  // adds nothing, and the test costs one entry where the join reads every thread's)
  auto joinPorf = [&](const EventLabel *l) {
    if (porf && !porf->contains(l->pos()))
      porf->join(l->porf());
  };
  if (e.index > 0) {
    const EventLabel *prev = g.label(e.prev());
    hb = from(prev);
    if (porf)
      *porf = prev->porf();
  } else {
    hb = View{};
    if (porf)
      *porf = View{};
  }
  hb.set(e.thread, e.index);
  if (porf)
    porf->set(e.thread, e.index);

  if (auto *s = dyn_cast<ThreadStartLabel>(lab)) {
    if (!s->creator().isInit()) {
      hb.join(from(g.label(s->creator())));
      joinPorf(g.label(s->creator()));
    }
  } else if (auto *j = dyn_cast<ThreadJoinLabel>(lab)) {
    auto *fin = g.lastLabel(j->child());
    hb.join(from(fin));
    joinPorf(fin);
  } else if (auto *r = dyn_cast<ReadLabel>(lab)) {
    // (a deferred update's read is no edge: docs/commuting.md, "Deferred updates")
    if (!r->rf().isInit() && !r->deferred()) {
      joinPorf(g.label(r->rf()));
      if (isAcquire(r->order()))
        hb.join(syncFrom(g, r->rf(), e, *r, local, split));
    }
  } else if (auto *d = dyn_cast<BarrierDepartLabel>(lab)) {
    // every arrival of the instance is sw-before every departure of it, for the memory both
    // sides' fence flags name (docs/model.md §5); mostly all of them, joined once
    if (departsWithAll(g, *d, hb, porf)) {
      // (hb and porf are the instance's joins: nothing of the loop below is left to add)
    } else
      for (const EventLabel *a : g.barrierArrivals(d->barrier(), d->instance())) {
        auto *ba = cast<BarrierArriveLabel>(a);
        joinPorf(a);
        if (split && (ba->fences() != kFenceAll || d->fences() != kFenceAll))
          *split = true;
        if (incl(*a, *d) && ba->orders(local) && d->orders(local))
          hb.join(from(a));
      }
    if (d->isCollective()) // lanes that exited instead of arriving: porf only, no order
      for (const EventLabel *fin : exitedLanes(g, *d))
        joinPorf(fin);
    for (Event x : d->absent()) // lanes not at a convergence barrier instance: likewise
      joinPorf(g.label(x));
  } else if (auto *f = dyn_cast<FenceLabel>(lab)) {
    if (split && f->fences() != kFenceAll && isAcquire(f->order()))
      *split = true;
    if (isAcquire(f->order()) && f->orders(local)) {
      for (int32_t i = e.index - 1; i >= 0; --i) {
        auto *pr = dyn_cast<ReadLabel>(g.label(Event{e.thread, i}));
        if (pr && isAtomic(pr->order()) && !pr->rf().isInit() && !pr->deferred())
          hb.join(syncFrom(g, pr->rf(), pr->pos(), *f, local, split));
      }
    }
  }
  if (auto *c = dyn_cast<ThreadCreateLabel>(lab)) { // (the child's first event shares them)
    hb.shareFor(c->child());
    if (porf)
      porf->shareFor(c->child());
  }
  // (a join may have given the own entry to another thread: a host's join of a grid thread
  // then made each of its later events copy a chunk)
  hb.keepOwn(e.thread);
  if (porf)
    porf->keepOwn(e.thread);
}

const BarrierJoin &ScopedRC11Checker::arrivalsJoined(const ExecutionGraph &g, Addr b,
                                                     uint32_t k) const {
  std::shared_ptr<const BarrierJoin> &kept = g.barrierJoin(b, k);
  if (kept)
    return *kept;
  auto j = std::make_shared<BarrierJoin>();
  for (const EventLabel *a : g.barrierArrivals(b, k)) {
    auto *ba = cast<BarrierArriveLabel>(a);
    j->inclusion.add(isAtomic(ba->order()), ba->scope(), ba->threadRef());
    j->uniform = j->uniform && ba->fences() == kFenceAll && !ba->hbSplit();
    j->hb.join(ba->hb());
    if (!j->porf.contains(ba->pos()))
      j->porf.join(ba->porf());
  }
  j->uniform = j->uniform && j->inclusion.holds();
  j->hb.settleOwn();
  j->porf.settleOwn();
  kept = j;
  return *j;
}

bool ScopedRC11Checker::departsWithAll(const ExecutionGraph &g, const BarrierDepartLabel &d,
                                       View &hb, View *porf) const {
  // The departure follows its own arrival, every arrival orders all memory with one hb and
  // every two of them and the departure include each other: e's hb is the join of the
  // arrivals' (its own included), whatever the memory, and its porf likewise.
  Event e = d.pos();
  if (d.fences() != kFenceAll || e.index == 0)
    return false;
  auto *own = dyn_cast<BarrierArriveLabel>(g.label(e.prev()));
  if (!own || own->barrier() != d.barrier() || own->instance() != d.instance())
    return false;
  const BarrierJoin &j = arrivalsJoined(g, d.barrier(), d.instance());
  MutualInclusion with = j.inclusion;
  with.add(isAtomic(d.order()), d.scope(), d.threadRef());
  if (!j.uniform || !with.holds())
    return false;
  hb = j.hb;
  hb.set(e.thread, e.index);
  if (porf) {
    *porf = j.porf;
    porf->set(e.thread, e.index);
  }
  return true;
}

void ScopedRC11Checker::updateViews(ExecutionGraph &g, Event e) const {
  // Built in the label itself: every view joined below belongs to another event. hb() is
  // the view for memory other than local; the local one is computed apart only when a
  // source keeps the two apart or a barrier orders one of them.
  EventLabel *lab = g.label(e);
  bool split = false;
  joinViews(g, e, false, lab->hb(), &lab->porf(), &split);
  if (!split) {
    if (lab->hbSplit())
      lab->setHbLocal(std::nullopt);
    return;
  }
  View local;
  joinViews(g, e, true, local, nullptr, nullptr);
  if (local == lab->hb())
    lab->setHbLocal(std::nullopt);
  else
    lab->setHbLocal(std::move(local));
}

Event ScopedRC11Checker::maxObservedWrite(const ExecutionGraph &g, Event e, Addr a) const {
  auto *li = g.location(a);
  if (!li)
    return Event::init();
  const EventLabel *el = g.label(e);
  auto *m = dyn_cast<MemAccessLabel>(el);
  const View &hb = el->hbFor(m && m->localSpace());
  auto observedBy = [&](Event x) { return x != e && hb.contains(x); };
  // The latest write e's hb holds, then any later one a read in e's hb reads.
  long best = -1;
  for (long i = static_cast<long>(li->co.size()) - 1; i >= 0; --i)
    if (observedBy(li->co[static_cast<size_t>(i)])) {
      best = i;
      break;
    }
  // A thread's reads of one location read co-later writes along po (coherence), so only
  // its latest read in hb counts: the reads are scanned from the latest added.
  uint64_t done = 0; // threads below 64 whose latest read in hb was seen
  const long top = static_cast<long>(li->co.size()) - 1;
  for (auto it = li->reads.rbegin(); it != li->reads.rend() && best < top; ++it) {
    Event q = *it;
    uint64_t bit = q.thread < 64 ? uint64_t{1} << q.thread : 0;
    if ((done & bit) || !observedBy(q))
      continue;
    done |= bit;
    best = std::max(best, g.coIndex(g.rfOf(q)));
  }
  return best < 0 ? Event::init() : li->co[static_cast<size_t>(best)];
}

void ScopedRC11Checker::coherentRfs(const ExecutionGraph &g, Event read,
                                    std::vector<Event> &out) const {
  auto *r = cast<ReadLabel>(g.label(read));
  out.clear();
  Event lower = maxObservedWrite(g, read, r->addr());
  if (lower.isInit())
    out.push_back(Event::init());
  if (auto *li = g.location(r->addr())) // the writes from `lower` on, in co order
    out.insert(out.end(), li->co.begin() + (lower.isInit() ? 0 : g.coIndex(lower)), li->co.end());
}

void ScopedRC11Checker::coherentCoPlacements(const ExecutionGraph &g, Event write,
                                             std::vector<size_t> &out) const {
  auto *w = cast<WriteLabel>(g.label(write));
  out.clear();
  if (w->isRmwPart()) {
    // Right after the write its read half reads. The write's hb is its read half's plus
    // itself, and that read is coherent (it was checked when it got its source): the latest
    // write observed is that source, so the placement is always coherent.
    auto *r = cast<ReadLabel>(g.label(write.prev()));
    out.push_back(static_cast<size_t>(g.coIndex(r->rf()) + 1));
    return;
  }
  auto *li = g.location(w->addr());
  const std::vector<Event> noWrites;
  const auto &co = li ? li->co : noWrites;
  size_t first = static_cast<size_t>(g.coIndex(maxObservedWrite(g, write, w->addr())) + 1);
  for (size_t p = first; p <= co.size(); ++p) {
    // Never split an RMW from the write it reads: co[p] must not be the write part of an
    // RMW reading co[p-1].
    if (p < co.size()) {
      auto *next = cast<WriteLabel>(g.label(co[p]));
      if (next->isRmwPart()) {
        auto *nr = cast<ReadLabel>(g.label(co[p].prev()));
        Event before = p == 0 ? Event::init() : co[p - 1];
        if (nr->rf() == before)
          continue;
      }
    }
    out.push_back(p);
  }
}

bool ScopedRC11Checker::readIsCoherent(const ExecutionGraph &g, const ReadLabel &r) const {
  // Every write observed is co-before or equal to the co-maximal one.
  if (r.rf() == g.coMax(r.addr()))
    return true;
  Event lower = maxObservedWrite(g, r.pos(), r.addr());
  return lower == r.rf() || g.coBefore(lower, r.rf());
}

namespace {

/// The atomicity axiom for the write half `w` of an RMW, among the events `held` keeps of
/// `g` (and with `revisited`, if it is a reader of the same write, reading something else):
/// no held write between w and the write its read half reads, and no other held RMW
/// writing right after that write.
template <typename Held>
bool rmwAtomicAmong(const ExecutionGraph &g, Event w, Held held, Event revisited) {
  auto *r = cast<ReadLabel>(g.label(w.prev()));
  const auto &co = g.location(r->addr())->co;
  long from = g.coIndex(r->rf()), to = g.coIndex(w);
  if (to <= from)
    return false;
  for (long i = from + 1; i < to; ++i)
    if (held(co[static_cast<size_t>(i)]))
      return false;
  return !g.anyReaderOf(r->rf(), r->addr(), [&](Event other) {
    if (other == r->pos() || other == revisited || !g.contains(other.next()) || !held(other.next()))
      return false;
    auto *ow = dyn_cast<WriteLabel>(g.label(other.next()));
    return ow && ow->isRmwPart();
  });
}

} // namespace

bool ScopedRC11Checker::rmwIsAtomic(const ExecutionGraph &g, Event w) const {
  return rmwAtomicAmong(g, w, [](Event) { return true; }, Event{-1, -1});
}

bool ScopedRC11Checker::rmwStaysAtomic(const ExecutionGraph &g, Event w, const View &kept,
                                       Event revisited) const {
  return rmwAtomicAmong(g, w, [&](Event e) { return kept.contains(e); }, revisited);
}

bool ScopedRC11Checker::isConsistent(const ExecutionGraph &g, Event e) const {
  const EventLabel *lab = g.label(e);
  if (auto *r = dyn_cast<ReadLabel>(lab)) {
    if (!r->rf().isInit() && g.label(r->rf())->porf().contains(e))
      return false; // no-thin-air
    if (!readIsCoherent(g, *r))
      return false;
  } else if (auto *w = dyn_cast<WriteLabel>(lab)) {
    // (a deferred update is atomic by construction: its read took the co-maximal write, and
    // its write half follows at once, right after it)
    if (w->isRmwPart() && !w->deferred() && !rmwIsAtomic(g, w->pos()))
      return false;
  }
  return pscHoldsAfter(g, *lab);
}

bool ScopedRC11Checker::isConsistentWithListedSource(const ExecutionGraph &g, Event r) const {
  // A read that does not acquire keeps its hb whatever it reads, so what it observes is what
  // coherentRfs bounded its sources by; and every listed source was in the graph before the
  // read (no thin air). Only psc can still fail.
  auto *rl = cast<ReadLabel>(g.label(r));
  if (isAcquire(rl->order()))
    return isConsistent(g, r);
  return pscHoldsAfter(g, *rl);
}

bool ScopedRC11Checker::pscHoldsAfter(const ExecutionGraph &g, const EventLabel &lab) const {
  auto *m = dyn_cast<MemAccessLabel>(&lab);
  bool sc = lab.isSC() && (m || isa<FenceLabel>(&lab));
  // A non-SC access closes a psc cycle only through an SC fence hb-before it
  // ([F^sc]; hb; eco; hb; [F^sc] and [F^sc]; hb; scb; ...).
  if (!sc && !(m && hasScFenceBefore(g, lab.pos())))
    return true;
  if (m && sc && g.numScFences() == 0 && lab.index() == g.threadSize(lab.thread()) - 1) {
    bool ok = !pscCycleThrough(g, *m);
    if (crossCheckPsc_ && ok != pscAcyclic(g))
      throw std::logic_error("incremental psc check disagrees with the full one at " +
                             toString(lab.pos()));
    return ok;
  }
  if (addsNoPscEdge(g, lab)) {
    if (crossCheckPsc_ && !pscAcyclic(g))
      throw std::logic_error("psc check: an event taken to add no edge closed a cycle at " +
                             toString(lab.pos()));
    return true;
  }
  return pscAcyclic(g);
}

bool ScopedRC11Checker::addsNoPscEdge(const ExecutionGraph &g, const EventLabel &lab) const {
  if (lab.index() != g.threadSize(lab.thread()) - 1)
    return false;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    if (t != lab.thread() && g.threadSize(t) > 0 &&
        g.label(Event{t, g.threadSize(t) - 1})->hb().contains(lab.pos()))
      return false;
  // Nothing is hb-after lab. An SC fence then has an empty side hb-after it, so no psc edge
  // leaves it (Psc.cpp, pscAcyclic), and it is no access: the edges between other events
  // stay as they were.
  if (isa<FenceLabel>(&lab))
    return true;
  // An access that observes the co-latest write of its location ranks at least as high as
  // every access of it, so it is neither eco-before nor co/fr-before any of them: no edge
  // leaves it, and as an access hb-after an SC fence it gives that fence no new edge.
  auto *m = dyn_cast<MemAccessLabel>(&lab);
  return m && g.observedWrite(m) == g.coMax(m->addr());
}

bool ScopedRC11Checker::hasScFenceBefore(const ExecutionGraph &g, Event e) const {
  if (g.numScFences() == 0)
    return false;
  const View &hb = g.label(e)->hb();
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i <= hb.get(t) && i < g.threadSize(t); ++i) {
      auto *l = g.label(Event{t, i});
      if (l->isSC() && isa<FenceLabel>(l) && l->pos() != e)
        return true;
    }
  return false;
}

} // namespace scopemc
