// Spin-loop pruning (SpinPruning.h). Both rules rest on the revisit conditions
// (Revisits.cpp, docs/dpor.md §2): a blocked thread runs again only when a backward revisit
// changes the source of one of its reads, and a revisit may change or delete an event only
// if that event is maximal (isMaximalExtension).
#include "dpor/SpinPruning.h"

#include <algorithm>

namespace scopemc {

namespace {

bool isSpinOrLockBlock(const EventLabel *l) {
  auto *b = dyn_cast<BlockLabel>(l);
  return b && (b->reason() == BlockReason::SpinLoop || b->reason() == BlockReason::Lock);
}

bool isSpinLoopBlock(const EventLabel *l) {
  auto *b = dyn_cast<BlockLabel>(l);
  return b && b->reason() == BlockReason::SpinLoop;
}

bool isNotMaximal(const EventLabel *l) { return !l->revisitable() || !l->addedMax(); }

} // namespace

bool spinsForGood(const ExecutionGraph &g, const BlockLabel &b) {
  // Every read of the blocked iteration got the latest write of its location: with no thread
  // able to add an event, the iteration repeats for ever (ThreadEndState::forGood).
  if (b.reason() != BlockReason::SpinLoop)
    return false;
  int32_t from = b.iterationStart() >= 0 ? b.iterationStart()
                 : b.awaitsLastRead()    ? b.index() - 1
                                         : -1;
  if (from < 0)
    return false;
  // A write co-after a read's source that the iteration made itself (an exchange's or a
  // fetch-add of 0's write-back, a store of the value read) is what the next iteration reads.
  // It holds the value read: a spin block is placed only after an iteration that left no
  // effect (interpreter/LoopProgress.h, leftNoEffect), so the next iteration repeats this one
  // (an exchange spin lock never released).
  auto ownIteration = [&](Event w) {
    return w.thread == b.thread() && w.index >= from && w.index < b.index();
  };
  for (int32_t i = from; i < b.index(); ++i) {
    auto *r = dyn_cast<ReadLabel>(g.label(Event{b.thread(), i}));
    if (!r)
      continue;
    const std::vector<Event> &co = g.location(r->addr())->co;
    for (auto k = static_cast<size_t>(g.coIndex(r->rf()) + 1); k < co.size(); ++k)
      if (!ownIteration(co[k]))
        return false;
  }
  return true;
}

bool ownHeapReached(const ExecutionGraph &g, const BlockLabel &b) {
  // An access by another thread to the heap of b's thread reached one of its blocks, however
  // it learnt the address.
  auto reaches = [&](Addr a) { return a >= b.ownHeap().first && a < b.ownHeap().second; };
  if (!b.reliesOnOwnHeap())
    return false;
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    for (int32_t i = 0; u != b.thread() && i < g.threadSize(u); ++i) {
      const EventLabel *l = g.label(Event{u, i});
      auto *m = dyn_cast<MemAccessLabel>(l);
      auto *f = dyn_cast<FreeLabel>(l);
      if ((m && reaches(m->addr())) || (f && reaches(f->addr())))
        return true;
    }
  return false;
}

bool SpinPruner::isFrozenForever(const ExecutionGraph &g, const BlockLabel &b) const {
  // A spin loop or lock that blocks after a read that was not added maximally stays blocked
  // in every continuation: that read can neither be revisited nor deleted by a revisit
  // (both need it to be added maximally, docs/dpor.md §2), so the branch holds no complete
  // execution and is dropped. Loop-bound cuts are kept: they decide the verdict.
  // A block whose premise is checked at the end of the execution (ownHeapReached) is kept
  // until then.
  // The read must be the blocked iteration's: a loop that reads nothing (`for (;;) {}`
  // after a read) is stuck whatever it read before, and the other threads' events in the
  // branch are real (their errors with them).
  if (!enabled_ || !isSpinOrLockBlock(&b) || b.reliesOnOwnHeap())
    return false;
  for (int32_t i = b.index() - 1; i >= 0 && i >= b.iterationStart(); --i)
    if (auto *r = dyn_cast<ReadLabel>(g.label(Event{b.thread(), i})))
      return !r->addedMax();
  return false;
}

bool SpinPruner::frozenAfterRmw(const ExecutionGraph &g, const WriteLabel &w) {
  // An RMW whose read part was not added maximally, followed by a spin-loop or lock block
  // (a failed exchange in a lock attempt): the block freezes its thread (isFrozenForever).
  // Every branch the write could start is then dead too: its other co placements keep the
  // thread as it is, and a revisit by it keeps its porf-prefix, so the thread replays to
  // the same block. Nothing of the write is pushed.
  if (!enabled_)
    return false;
  auto *rd = dyn_cast<ReadLabel>(g.label(Event{w.thread(), w.index() - 1}));
  // A spin iteration that changes memory makes progress: only a write that leaves the value
  // as it was can be followed by a spin block (the peek runs the thread, so it is skipped
  // for the others).
  if (!rd || rd->addedMax() || driver_.readValue(*rd) != w.value())
    return false;
  // (rd, the last read before such a block, is not added maximally: as isFrozenForever)
  // (A block that relies on its own heap is kept to the end of the execution, where its
  // premise is checked: isFrozenForever.)
  const EventLabel *next = driver_.next(w.thread());
  return isSpinOrLockBlock(next) && next->index() == w.index() + 1 &&
         !cast<BlockLabel>(next)->reliesOnOwnHeap();
}

bool SpinPruner::isPinned(const ExecutionGraph &g, const ReadLabel &q) {
  // No revisit in any continuation can change q's source or delete q: q is not maximal, or
  // a write after q's source in co is not maximal. That write is then never deleted (a
  // revisit deletes only maximal events), so every later revisit keeps it, and condition 3
  // of the maximality check fails for q. The flags only ever turn false in continuations.
  if (isNotMaximal(&q))
    return true;
  const auto &co = g.location(q.addr())->co;
  for (size_t k = static_cast<size_t>(g.coIndex(q.rf()) + 1); k < co.size(); ++k)
    if (isNotMaximal(g.label(co[k])))
      return true;
  return false;
}

bool SpinPruner::someThreadBlockedForGood(const ExecutionGraph &g) {
  // Spin loops only: a thread blocked on a mutex that nobody releases any more is a
  // deadlock, reported when the execution ends (a spin-blocked thread rules that out). Barrier
  // divergence is reported at an execution's end also when every blocked thread spins on the
  // latest value (ThreadEndState::forGood); a branch dropped here may hide such a report of
  // its own, which another execution of the same threads then gives (docs/symmetry.md, Limits).
  if (!enabled_ || !maybeSpinBlocked_)
    return false;
  // The last check failed on threads that had to add events first: while none of them did,
  // it fails again (skipping a check is always safe, it only keeps a branch).
  auto unchanged = [&](const HoldOut &h) {
    return h.thread < 0 || (h.thread < g.numThreads() && g.threadSize(h.thread) == h.size);
  };
  if (!holdOuts_.empty() && std::all_of(holdOuts_.begin(), holdOuts_.end(), unchanged))
    return false;
  holdOuts_.clear();
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    if (isSpinLoopBlock(g.lastLabel(t)) && g.threadExists(t) &&
        !cast<BlockLabel>(g.lastLabel(t))->reliesOnOwnHeap()) {
      ThreadId h = -1;
      if (isBlockedForGood(g, t, h))
        return true;
      holdOuts_.push_back(HoldOut{h, h >= 0 ? g.threadSize(h) : 0});
    }
  maybeSpinBlocked_ = !holdOuts_.empty();
  return false;
}

bool SpinPruner::isBlockedForGood(const ExecutionGraph &g, ThreadId t, ThreadId &holdOut) {
  // Thread t is blocked by a spin loop. Its reads are pinned (isPinned) or "open".
  // The anchors are t's last read and every write w, to the location of all open reads,
  // placed in co after the sources of all of them. Suppose every other thread either adds no
  // event until the next backward revisit (it is finished, blocked, or waits to join t) or
  // depends on an anchor with every event it adds from now on (porf). Then so does the
  // writing event of the first revisit in any continuation. If it depends on t's last read,
  // t's reads are all in its prefix: kept, unchanged. If it depends on some w, w is kept,
  // so each open read fails condition 3 (a kept write other than the revisiting one follows
  // its source in co) and is kept unchanged too. Either way the revisit marks that prefix
  // not revisitable, which pins every read of t for the rest of the search below it. So t
  // stays blocked (re-run with the same values, it blocks again), and no complete execution
  // follows. Cuts below this point keep every event of the current graph.
  auto *b = cast<BlockLabel>(g.lastLabel(t));
  // Spinning on the latest values: if no thread writes them again, the program may hang
  // there, a deadlock the end of the execution reports (checks/); the branch is kept.
  holdOut = -1;
  if (spinsForGood(g, *b))
    return false;
  const ReadLabel *last = nullptr;
  const ReadLabel *open = nullptr;
  bool oneLocation = true;
  long after = -1; // co index of the latest source among the open reads
  for (int32_t i = 0; i < b->index(); ++i) {
    auto *q = dyn_cast<ReadLabel>(g.label(Event{t, i}));
    if (!q)
      continue;
    last = q;
    if (isPinned(g, *q))
      continue;
    oneLocation = oneLocation && (!open || open->addr() == q->addr());
    open = q;
    after = std::max(after, g.coIndex(q->rf()));
  }
  holdOut = -1;
  if (!last) // a loop that reads nothing: the thread may really be stuck
    return false;
  if (!open)
    return true;
  Anchors d{t, last->pos(), {}};
  if (oneLocation)
    d.writes = std::span<const Event>(g.location(open->addr())->co)
                   .subspan(static_cast<size_t>(after + 1));
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    if (u != t && (holdOut = holdOutOf(g, u, d)) >= 0)
      return false;
  return true;
}

bool SpinPruner::Anchors::heldBy(const EventLabel &l) const {
  const View &porf = l.porf();
  return porf.contains(lastRead) ||
         std::any_of(writes.begin(), writes.end(), [&](Event w) { return porf.contains(w); });
}

ThreadId SpinPruner::holdOutOf(const ExecutionGraph &g, ThreadId u, const Anchors &d) {
  // -1 when every event u adds before the next backward revisit depends on an anchor (or u
  // adds none); otherwise the thread whose next events decide it (u, or a child it joins).
  if (!g.threadExists(u)) // created again later: its events will depend on its creator's
    return -1;
  if (g.threadSize(u) == 0)
    return u;
  const EventLabel *l = g.lastLabel(u);
  if (isa<BlockLabel>(l) || isa<ThreadFinishLabel>(l) || isa<ErrorLabel>(l) || d.heldBy(*l))
    return -1;
  // A thread whose only event left is its finish writes nothing more: it is as good as
  // finished (a thread that joins it is looked at on its own, joinHoldOut).
  if (isa<ThreadFinishLabel>(driver_.next(u)))
    return -1;
  return joinHoldOut(g, u, d, 0);
}

ThreadId SpinPruner::joinHoldOut(const ExecutionGraph &g, ThreadId u, const Anchors &d, int depth) {
  // u's next event joins a child whose finish is never added (the blocked thread, or another
  // blocked child) or will depend on an anchor: a join's prefix includes the child's finish.
  auto *j = dyn_cast<ThreadJoinLabel>(driver_.next(u));
  if (!j || depth > g.numThreads())
    return u;
  ThreadId c = j->child();
  if (c == d.blocked)
    return -1;
  if (c < 0 || c >= g.numThreads() || !g.threadExists(c) || g.threadSize(c) == 0)
    return u;
  const EventLabel *l = g.lastLabel(c);
  if (isa<BlockLabel>(l) || d.heldBy(*l))
    return -1;
  if (isa<ThreadFinishLabel>(l) || isa<ErrorLabel>(l))
    return c;
  return joinHoldOut(g, c, d, depth + 1);
}

} // namespace scopemc
