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
  //
  // Only the two least stamps of the changeable reads are asked for, and what stays depends on
  // the least alone (staysKnown), which only goes down as reads are dropped (less stays, less
  // is known, fewer reads are pinned). So each round looks at the reads in stamp order below
  // the second least found so far, under the least; it ends when the least no longer moves.
  std::vector<const ReadLabel *> held;
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    for (int32_t i = 0; i < g.threadSize(u); ++i)
      if (auto *r = dyn_cast<ReadLabel>(g.label(Event{u, i}));
          r && r->revisitable() && r->addedMax())
        held.push_back(r);
  std::sort(held.begin(), held.end(),
            [](const ReadLabel *a, const ReadLabel *b) { return a->stamp() < b->stamp(); });
  std::vector<bool> open(held.size(), false);
  minKnown_ = true;
  minRevisitable_ = nextRevisitable_ = std::numeric_limits<Stamp>::max();
  while (true) {
    forgetKnowledge(); // what stays changes with minRevisitable_
    Stamp least = minRevisitable_, next = nextRevisitable_;
    for (size_t k = 0; k < held.size() && held[k]->stamp() < next; ++k) {
      if (open[k] || pinned(g, *held[k]))
        continue;
      open[k] = true;
      Stamp st = held[k]->stamp();
      next = std::min(next, std::max(least, st));
      least = std::min(least, st);
    }
    bool moved = least != minRevisitable_;
    minRevisitable_ = least;
    nextRevisitable_ = next;
    if (!moved)
      return;
  }
}

bool Persistence::pinned(const ExecutionGraph &g, const ReadLabel &r) {
  const LocationInfo *li = g.location(r.addr());
  if (!li)
    return false;
  // Every other thread that may access the location knows a write co-after r's source: the
  // least level of those threads, r's own thread left out, is above the source's index.
  const Levels &lv = levels(g, r, *li);
  long least = lv.lowestThread == r.thread() ? lv.second : lv.lowest;
  return least > g.coIndex(r.rf());
}

const Persistence::Levels &Persistence::levels(const ExecutionGraph &g, const ReadLabel &r,
                                               const LocationInfo &li) {
  auto &cache = levels_[r.localSpace() ? 1 : 0];
  auto [it, fresh] = cache.try_emplace({r.addr(), r.size()});
  Levels &lv = it->second;
  if (!fresh)
    return lv;
  for (ThreadId u = 0; u < g.numThreads(); ++u) {
    if (!g.threadExists(u) || !mayStillWrite(g, u, r.addr(), r.size()))
      continue;
    long level = computeLevel(g, u, r.localSpace(), li);
    if (level < lv.lowest) {
      lv.second = lv.lowest;
      lv.lowest = level;
      lv.lowestThread = u;
    } else if (level < lv.second) {
      lv.second = level;
    }
  }
  return lv;
}

long Persistence::computeLevel(const ExecutionGraph &g, ThreadId u, bool local,
                               const LocationInfo &li) {
  bool all = false;
  const View &seen = consulted(g, u, local, all);
  if (all)
    return kLevelAll;
  for (long i = static_cast<long>(li.co.size()) - 1; i >= 0; --i)
    if (seen.contains(li.co[static_cast<size_t>(i)]))
      return i;
  return -1;
}

const View &Persistence::consulted(const ExecutionGraph &g, ThreadId u, bool local, bool &all) {
  // What u keeps, joined with what the threads it waits to join keep (a joined view contains
  // an event exactly when one of them does); `all` where u adds no read or write below.
  std::vector<Consulted> &cache = consulted_[local ? 1 : 0];
  if (cache.size() < static_cast<size_t>(g.numThreads()))
    cache.resize(static_cast<size_t>(g.numThreads()));
  Consulted &c = cache[static_cast<size_t>(u)];
  if (c.computed) {
    all = c.all;
    return c.view;
  }
  c.computed = true;
  c.view = View();
  c.all = consultInto(g, u, local, c.view);
  all = c.all;
  return c.view;
}

bool Persistence::consultInto(const ExecutionGraph &g, ThreadId u, bool local, View &into) {
  bool finished = false;
  const View *kept = knowledge(g, u, local, finished);
  if (finished)
    return true;
  if (kept)
    into.join(*kept);
  // u's events all stay, so its next one is the same in every graph below: if it is a join of
  // v, every event u adds follows v's finish, which follows what v keeps (and, if v waits to
  // join w in turn, w's finish).
  if (!next_ || g.threadSize(u) == 0 || !staysWhole(g, u))
    return false;
  const EventLabel *n = next_(u);
  if (!checks(Premise::PersistenceJoinWaits))
    return true;
  if (n && isa<ThreadFinishLabel>(n))
    return true; // only its finish is left: u adds nothing more that reads or writes
  for (int32_t depth = 0; depth < g.numThreads(); ++depth) {
    auto *j = n ? dyn_cast<ThreadJoinLabel>(n) : nullptr;
    if (!j || j->child() < 0 || j->child() >= g.numThreads() || !g.threadExists(j->child()))
      return false;
    ThreadId v = j->child();
    bool vFinished = false;
    if (const View *kv = knowledge(g, v, local, vFinished))
      into.join(*kv);
    for (ThreadId x : j->joinsAfter()) { // the joins that follow come first too
      bool xFinished = false;
      if (x >= 0 && x < g.numThreads() && g.threadExists(x))
        if (const View *kx = knowledge(g, x, local, xFinished))
          into.join(*kx);
    }
    if (vFinished || g.threadSize(v) == 0 || !staysWhole(g, v))
      return false;
    n = next_(v);
  }
  return false;
}

bool Persistence::mayAccess(const ExecutionGraph &g, ThreadId u, uint64_t addr, uint64_t size) {
  // (A thread's footprint covers its whole life: what it does after a revisit too.)
  Event c = g.creatorOf(u);
  auto *cl = c.isInit() ? nullptr : dyn_cast<ThreadCreateLabel>(g.label(c));
  return !cl || scopemc::mayAccess(cl->entry().footprint, addr, size);
}

bool Persistence::mayStillWrite(const ExecutionGraph &g, ThreadId u, uint64_t addr, uint64_t size) {
  // Every event u adds below g follows its last event that stays, in program order, and the
  // events up to that one stay too. Replay is deterministic: the event after them is the same
  // in every graph below (the one g holds there, or the one u offers next), and u's code goes
  // on from that event's point.
  auto *start = g.threadSize(u) > 0 ? dyn_cast<ThreadStartLabel>(g.label(Event{u, 0})) : nullptr;
  if (!start || !start->sites())
    return mayAccess(g, u, addr, size);
  if (!checks(Premise::PersistenceSiteWrites))
    return false;
  const SiteFootprint &sites = *start->sites();
  int32_t last = lastStaying(g, u);
  const EventLabel *n = last + 1 < g.threadSize(u) ? g.label(Event{u, last + 1})
                        : next_                    ? next_(u)
                                                   : nullptr;
  if (n && n->resumePoint() != 0) {
    auto *m = dyn_cast<MemAccessLabel>(n);
    bool own = m && !isPlainRead(n) && checks(Premise::PersistenceNextAccess) &&
               m->addr() < addr + size && addr < m->addr() + m->size();
    return own || sites.mayWriteAfter(n->resumePoint(), addr, size);
  }
  if (last >= 0)
    if (uint32_t p = g.label(Event{u, last})->resumePoint(); p != 0)
      return sites.mayWriteAfter(p, addr, size);
  return mayAccess(g, u, addr, size);
}

int32_t Persistence::lastStaying(const ExecutionGraph &g, ThreadId u) {
  if (lastStaying_.size() < static_cast<size_t>(g.numThreads()))
    lastStaying_.resize(static_cast<size_t>(g.numThreads()), -2);
  int32_t &at = lastStaying_[static_cast<size_t>(u)];
  if (at == -2) {
    at = g.threadSize(u) - 1;
    while (at >= 0 && !staysKnown(g.label(Event{u, at})))
      --at;
  }
  return at;
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
  bool all = false;
  const View &seen = consulted(g, u, local, all);
  return all || has(seen);
}

const View *Persistence::knowledge(const ExecutionGraph &g, ThreadId u, bool local,
                                   bool &finished) {
  std::vector<Known> &cache = known_[local ? 1 : 0];
  if (cache.size() < static_cast<size_t>(g.numThreads()))
    cache.resize(static_cast<size_t>(g.numThreads()));
  Known &k = cache[static_cast<size_t>(u)];
  if (!k.computed) {
    k.view = computeKnowledge(g, u, local, k.finished);
    k.computed = true;
  }
  finished = k.finished;
  return k.view;
}

const View *Persistence::computeKnowledge(const ExecutionGraph &g, ThreadId u, bool local,
                                          bool &finished) {
  // What thread u has seen for good: the happens-before of its last event that stays (every
  // later event of it follows that one in po); of its creation if none stays. A thread created
  // later inherits its creator's.
  if (int32_t i = lastStaying(g, u); i >= 0) {
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
  return !checks(Premise::PersistenceRevisits) || !l->revisitable() || !l->addedMax() ||
         l->stamp() < minRevisitable_;
}

} // namespace scopemc
