#include "dpor/Persistence.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace scopemc {

void Persistence::findRevisitable(const ExecutionGraph &g) {
  // The reads a revisit may still change: revisitable and added maximally, and not pinned. A
  // set P of such reads is pinned if, with the reads outside P taken as changeable, every
  // thread other than a read's own either stays finished or knows (in the happens-before of an
  // event that stays) a write co-after the read's source. Then no read of P is ever revisited:
  // until the first one is, the events that stay do stay, so the revisiting write comes from a
  // thread that knows such a write, which is in its porf-prefix and kept, and the maximality
  // condition (docs/dpor.md §2, condition 3) forbids the revisit; a read's own thread writes after
  // it, in its porf-prefix. The largest such P: start from all and drop reads until none fails.
  std::vector<const ReadLabel *> held, open;
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    for (int32_t i = 0; i < g.threadSize(u); ++i)
      if (auto *r = dyn_cast<ReadLabel>(g.label(Event{u, i}));
          r && r->revisitable() && r->addedMax())
        held.push_back(r);
  minKnown_ = true;
  while (true) {
    minRevisitable_ = nextRevisitable_ = std::numeric_limits<Stamp>::max();
    for (const ReadLabel *r : open) {
      nextRevisitable_ = std::min(nextRevisitable_, std::max(minRevisitable_, r->stamp()));
      minRevisitable_ = std::min(minRevisitable_, r->stamp());
    }
    size_t before = open.size();
    for (const ReadLabel *r : held)
      if (!pinned(g, *r))
        open.push_back(r);
    if (open.size() == before)
      return;
    std::erase_if(held, [&](const ReadLabel *r) {
      return std::find(open.begin(), open.end(), r) != open.end();
    });
  }
}

bool Persistence::pinned(const ExecutionGraph &g, const ReadLabel &r) {
  const LocationInfo *li = g.location(r.addr());
  if (!li)
    return false;
  auto after = li->co.begin() + static_cast<long>(g.coIndex(r.rf()) + 1);
  auto knowsLater = [&](const View &known) {
    return std::any_of(after, li->co.end(), [&](Event w) { return known.contains(w); });
  };
  for (ThreadId u = 0; u < g.numThreads(); ++u) {
    if (u == r.thread() || !g.threadExists(u) || !mayAccess(g, u, r.addr(), r.size()))
      continue;
    if (!knows(g, u, r.localSpace(), knowsLater))
      return false;
  }
  return true;
}

bool Persistence::mayAccess(const ExecutionGraph &g, ThreadId u, uint64_t addr, uint64_t size) {
  // (A thread's footprint covers its whole life: what it does after a revisit too.)
  Event c = g.creatorOf(u);
  auto *cl = c.isInit() ? nullptr : dyn_cast<ThreadCreateLabel>(g.label(c));
  return !cl || scopemc::mayAccess(cl->entry().footprint, addr, size);
}

bool Persistence::stays(const ExecutionGraph &g, const EventLabel *l) {
  known(g);
  return staysKnown(l);
}

bool Persistence::staysWhole(const ExecutionGraph &g, ThreadId u) {
  known(g);
  for (int32_t i = 0; i < g.threadSize(u); ++i)
    if (!staysKnown(g.label(Event{u, i})))
      return false;
  return true;
}

bool Persistence::knows(const ExecutionGraph &g, ThreadId u, bool local,
                        const std::function<bool(const View &)> &has) {
  known(g);
  bool finished = false;
  const View *kept = knowledge(g, u, local, finished);
  if (finished || (kept && has(*kept)))
    return true;
  // u's events all stay, so its next one is the same in every graph below: if it is a join of
  // v, every event u adds follows v's finish, which follows what v keeps (and, if v waits to
  // join w in turn, w's finish).
  if (!next_ || g.threadSize(u) == 0 || !staysWhole(g, u))
    return false;
  const EventLabel *n = next_(u);
  if (plantedMistake_ == SymmetryMistake::WaitersKnowAll)
    return true;
  if (n && isa<ThreadFinishLabel>(n))
    return true; // only its finish is left: u adds nothing more that reads or writes
  for (int32_t depth = 0; depth < g.numThreads(); ++depth) {
    auto *j = n ? dyn_cast<ThreadJoinLabel>(n) : nullptr;
    if (!j || j->child() < 0 || j->child() >= g.numThreads() || !g.threadExists(j->child()))
      return false;
    ThreadId v = j->child();
    bool vFinished = false;
    const View *kv = knowledge(g, v, local, vFinished);
    if (kv && has(*kv))
      return true;
    // The joins that follow this one come first: u reads and writes only after all of them.
    for (ThreadId x : j->joinsAfter()) {
      bool xFinished = false;
      const View *kx = x >= 0 && x < g.numThreads() && g.threadExists(x)
                           ? knowledge(g, x, local, xFinished)
                           : nullptr;
      if (kx && has(*kx))
        return true;
    }
    if (vFinished || g.threadSize(v) == 0 || !staysWhole(g, v))
      return false;
    n = next_(v);
  }
  return false;
}

const View *Persistence::knowledge(const ExecutionGraph &g, ThreadId u, bool local,
                                   bool &finished) {
  // What thread u has seen for good: the happens-before of its last event that stays (every
  // later event of it follows that one in po); of its creation if none stays. A thread created
  // later inherits its creator's.
  int32_t i = g.threadSize(u) - 1;
  while (i >= 0 && !staysKnown(g.label(Event{u, i})))
    --i;
  if (i >= 0) {
    const EventLabel *last = g.label(Event{u, i});
    finished = isa<ThreadFinishLabel>(last);
    return &last->hbFor(local);
  }
  Event c = g.creatorOf(u);
  if (c.isInit() || !staysKnown(g.label(c)))
    return nullptr;
  return &g.label(c)->hbFor(local);
}

bool Persistence::staysKnown(const EventLabel *l) const {
  return plantedMistake_ == SymmetryMistake::PruneEagerly || !l->revisitable() || !l->addedMax() ||
         l->stamp() < minRevisitable_;
}

} // namespace scopemc
