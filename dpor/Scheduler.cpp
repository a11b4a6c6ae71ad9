#include "dpor/Scheduler.h"
#include "dpor/Persistence.h"
#include "model/BarrierKeys.h"
#include "model/Collective.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace scopemc {

bool Scheduler::isRunnable(const ExecutionGraph &g, ThreadId t) {
  if (!g.threadExists(t))
    return false;
  EventLabel *next = driver_.next(t);
  if (!next)
    return false;
  if (auto *j = dyn_cast<ThreadJoinLabel>(next)) {
    ThreadId c = j->child();
    if (c < 0 || c >= g.numThreads() || !g.threadExists(c))
      return false;
    auto *fin = dyn_cast<ThreadFinishLabel>(g.lastLabel(c)); // (exit() ended the process)
    return (fin && fin->how() != FinishKind::ProcessExit) || isa<ErrorLabel>(g.lastLabel(c));
  }
  if (auto *d = dyn_cast<BarrierDepartLabel>(next); d && isConvergenceBarrier(d->barrier())) {
    sawConvergence_ = true;
    return convergenceAbsent(g, *d).has_value(); // every lane called it or cannot
  }
  if (auto *d = dyn_cast<BarrierDepartLabel>(next)) // the instance is complete
    return g.barrierArrivalCount(d->barrier(), d->instance()) >= d->count() ||
           (d->isCollective() && !exitedLanes(g, *d).empty()); // (or its other lanes exited)
  return true;
}

ThreadId Scheduler::choose(const ExecutionGraph &g) {
  // The last choice t added one event that changes no other thread's runnability
  // (stillFirst_): threads below t are still blocked or waiting, so t is the answer again
  // while it can run and does not wait.
  ThreadId sticky = std::exchange(stillFirst_, -1);
  pickedUnstarted_ = false;
  if (opts_.settleClassStarts && !pendingWriteHalf(g)) {
    if (ThreadId t = unstartedClassThread(g); t >= 0) {
      pickedFirst_ = false;
      pickedUnstarted_ = true;
      return t;
    }
  }
  if (opts_.settleCommuting && sawCommuting_ && !pendingWriteHalf(g)) {
    if (ThreadId t = commutingPartner(g); t >= 0) {
      pickedFirst_ = false;
      return t;
    }
  }
  if (sticky >= 0 && isRunnable(g, sticky) && !isWaiting(g, sticky)) {
#ifdef SCOPEMC_CHECK_STICKY
    if (scan(g) != sticky)
      std::abort();
#endif
    pickedFirst_ = true;
    return sticky;
  }
  return scan(g);
}

bool Scheduler::pendingWriteHalf(const ExecutionGraph &g) {
  // The write half of an RMW follows its read half immediately, and a block its read. The
  // halves are added together, and a revisit keeps or drops both except for the revisited
  // read: only lastChanged_ can lack a write half.
  if (lastChanged_ < 0 || lastChanged_ >= g.numThreads() || !g.threadExists(lastChanged_) ||
      g.threadSize(lastChanged_) == 0)
    return false;
  auto *r = dyn_cast<ReadLabel>(g.lastLabel(lastChanged_));
  return r && r->isRmw() && r->rmwWrites(driver_.readValue(*r)) && isRunnable(g, lastChanged_);
}

ThreadId Scheduler::commutingPartner(const ExecutionGraph &g) {
  // The updates of a location run one after the other, so that their order is settled (and
  // the commuting reduction's violations become permanent: dpor/Commuting.h) before other
  // threads' reads open up: the lowest thread whose next event is an RMW of the mark on a
  // location that already has one of another thread. A function of the graph only.
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    if (!g.threadExists(t) || isWaiting(g, t) || !isRunnable(g, t))
      continue;
    auto *r = dyn_cast<ReadLabel>(driver_.next(t));
    if (!r || !r->rmw().commutes)
      continue;
    const LocationInfo *li = g.location(r->addr());
    if (li && std::any_of(li->reads.begin(), li->reads.end(), [&](Event x) {
          return x.thread != t && cast<ReadLabel>(g.label(x))->rmw().commutes;
        }))
      return t;
  }
  return -1;
}

namespace {
/// Whether a class thread's first event is one to settle early: an RMW (RMWs of one location
/// never read the same write: their order is the class's), or a read of a location the
/// thread's code never writes after it (an input: the reads come first and stay, so the class's
/// later updates are ordered with nothing open). Plain reads of a location the class writes
/// order nothing, and running them early only multiplies the interleavings: the TTAS lock 3x2
/// took 2.4 times as long.
bool settlesEarly(const ExecutionGraph &g, ThreadId t, const EventLabel *first) {
  auto *r = first ? dyn_cast<ReadLabel>(first) : nullptr;
  if (!r || !isPlainRead(r))
    return r != nullptr;
  auto *start = dyn_cast<ThreadStartLabel>(g.label(Event{t, 0}));
  return start && start->sites() && r->resumePoint() != 0 &&
         !start->sites()->mayWriteAfter(r->resumePoint(), r->addr(), r->size());
}
} // namespace

ThreadId Scheduler::unstartedClassThread(const ExecutionGraph &g) {
  // The lowest thread whose only event is its start and whose first settles early
  // (settlesEarly), created next to a thread with the same symmetry key (threads of a class
  // are created one after the other), runnable and not waiting. Threads below unstartedFrom_
  // were found to have more events than their start, and a thread never loses events but by a
  // cut or revisit (graphChanged), nor joins a class but with a thread created after it.
  ThreadId n = g.numThreads();
  ThreadId unsettled = -1; // the last started member looked at whose first does not settle
  for (ThreadId t = unstartedFrom_; t < n; ++t) {
    // (a run of started members whose first events do not settle is passed in one step: a
    // large launch's threads would otherwise be read again at each choice)
    if (t == quietRun_.first && quietRun_.second > t) { // (a run of members found before)
      t = quietRun_.second - 1;
      continue;
    }
    bool candidate = g.threadExists(t) && g.threadSize(t) <= 1 &&
                     (sameSymmetryClass(g, t, t - 1) || sameSymmetryClass(g, t, t + 1));
    if (!candidate) {
      // (nor does one of a class of its own once the thread after it exists: membership
      // changes only with the threads next to it)
      if (t == unstartedFrom_ && g.threadExists(t) && (g.threadSize(t) > 1 || t + 1 < n))
        ++unstartedFrom_;
      continue;
    }
    // (while its creator goes on creating threads, the class is not complete: the creator
    // runs first, so that the whole class's first reads come in one stretch)
    if (const EventLabel *c = driver_.next(g.creatorOf(t).thread); c && isa<ThreadCreateLabel>(c))
      return -1;
    // (the event after a member's start is its class's: it has read nothing yet, and the key
    // fixes what its identity changes; one look serves the whole run of started members)
    bool started = g.threadSize(t) == 1;
    if (started && unsettled >= 0 && sameSymmetryClass(g, unsettled, t))
      continue;
    if (!started || !settlesEarly(g, t, driver_.next(t))) {
      if (started) {
        unsettled = t;
        quietRun_ = {t, quietRunEnd(g, t)};
      }
      continue;
    }
    if (!isWaiting(g, t) && isRunnable(g, t))
      return t;
  }
  return -1;
}

ThreadId Scheduler::quietRunEnd(const ExecutionGraph &g, ThreadId t) {
  // The started members after t of its class, up to the first thread that is not one: their
  // first events after the start are t's (unstartedClassThread), and stay so while the graph
  // keeps them (graphChanged forgets the run); one that runs on is no candidate anyway.
  ThreadId end = t + 1;
  while (end < g.numThreads() && g.threadExists(end) && g.threadSize(end) == 1 &&
         sameSymmetryClass(g, t, end))
    ++end;
  return end;
}

void Scheduler::added(const ExecutionGraph &g, ThreadId t, int32_t grown) {
  if (grown != 1) { // several events (or none: a postponed read) changed
    scanFrom_ = 0;
    return;
  }
  const EventLabel &e = *g.lastLabel(t);
  bool others = leavesOthersAsTheyWere(e);
  if (pickedFirst_ && others)
    stillFirst_ = t;
  if (!others)
    scanFrom_ = std::min(scanFrom_, lowestAffected(g, e));
}

ThreadId Scheduler::lowestAffected(const ExecutionGraph &g, const EventLabel &e) const {
  // The lowest thread whose runnability e may have changed: none for an arrival that does
  // not complete its barrier instance (the threads at the instance still wait for others);
  // the new thread for a create; any thread otherwise.
  if (opts_.seed)
    return 0;
  if (auto *a = dyn_cast<BarrierArriveLabel>(&e)) {
    // Only the threads that arrived at the instance wait at its departure; but any arrival
    // may show that a lane cannot call a convergence barrier instance (convergenceAbsent).
    if (sawConvergence_)
      return 0;
    if (g.barrierArrivalCount(a->barrier(), a->instance()) < a->count())
      return std::numeric_limits<ThreadId>::max();
    ThreadId lowest = std::numeric_limits<ThreadId>::max();
    for (const EventLabel *x : g.barrierArrivals(a->barrier(), a->instance()))
      lowest = std::min(lowest, x->thread());
    return lowest;
  }
  if (auto *c = dyn_cast<ThreadCreateLabel>(&e))
    return c->child();
  return 0;
}

ThreadId Scheduler::scan(const ExecutionGraph &g) {
  pickedFirst_ = false;
  if (pendingWriteHalf(g))
    return lastChanged_;
  // The first runnable thread that is not waiting, from thread 0 or, seeded, from a
  // thread picked by a hash of the graph's size: a function of the graph only, as the
  // revisit conditions require. A waiting thread runs only when every runnable one waits.
  ThreadId n = g.numThreads(), first = 0, fallback = -1;
  if (opts_.seed && n > 0) {
    uint64_t h = *opts_.seed ^ (g.numEvents() * 0x9E3779B97F4A7C15ull);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    first = static_cast<ThreadId>(h % static_cast<uint64_t>(n));
  }
  // Threads below scanFrom_ were found not runnable by an earlier scan, and no event added
  // since could change that (lowestAffected): the scan starts there (not when seeded).
  ThreadId start = opts_.seed ? 0 : std::min(scanFrom_, n), firstRunnable = n;
#ifdef SCOPEMC_CHECK_STICKY
  for (ThreadId t = 0; t < start; ++t)
    if (isRunnable(g, t))
      std::abort();
#endif
  for (ThreadId k = start; k < n; ++k) {
    if (!opts_.seed && (k = pastFinished(k, n)) >= n)
      break;
    ThreadId t = (first + k) % n;
    if (!opts_.seed && g.threadExists(t) && g.threadSize(t) > 0 &&
        isa<ThreadFinishLabel>(g.lastLabel(t))) {
      noteFinished(t);
      continue;
    }
    if (isWaiting(g, t)) {
      if (fallback < 0 && isRunnable(g, t)) { // runs the thread up to its read again
        fallback = t;
        firstRunnable = std::min(firstRunnable, t);
      }
    } else if (isRunnable(g, t)) {
      pickedFirst_ = true;
      scanFrom_ = std::min(firstRunnable, t);
      return t;
    }
  }
  scanFrom_ = firstRunnable;
  return fallback;
}

ThreadId Scheduler::pastFinished(ThreadId t, ThreadId n) {
  // The first thread from t on not known to have finished, the links on the way pointed at it.
  ThreadId r = t;
  while (r < n && static_cast<size_t>(r) < finishedNext_.size() && finishedNext_[r] > r)
    r = finishedNext_[r];
  while (t != r && finishedNext_[t] > t)
    t = std::exchange(finishedNext_[t], r);
  return r;
}

void Scheduler::noteFinished(ThreadId t) {
  if (finishedNext_.size() <= static_cast<size_t>(t))
    finishedNext_.resize(static_cast<size_t>(t) + 1, -1);
  finishedNext_[t] = t + 1;
}

bool Scheduler::leavesOthersAsTheyWere(const EventLabel &e) const {
  // Whether every other thread's runnability (isRunnable, isWaiting) is the same after e was
  // added: not when e makes or ends a thread (joins), arrives at a barrier, or writes a
  // location some thread waits on. (A seeded schedule starts its scan at a thread that
  // depends on the graph's size.)
  if (opts_.seed)
    return false;
  switch (e.kind()) {
  case EventLabel::Kind::Read:
  case EventLabel::Kind::Fence:
  case EventLabel::Kind::ThreadStart:
  case EventLabel::Kind::ThreadJoin:
  case EventLabel::Kind::Alloc:
  case EventLabel::Kind::Free:
  case EventLabel::Kind::Hazard:
    return true;
  case EventLabel::Kind::Write: {
    Addr a = cast<WriteLabel>(e).addr();
    return std::none_of(waiting_.begin(), waiting_.end(),
                        [&](const Waiting &w) { return w.index >= 0 && w.addr == a; });
  }
  default:
    return false;
  }
}

bool Scheduler::isWaiting(const ExecutionGraph &g, ThreadId t) const {
  if (static_cast<size_t>(t) >= waiting_.size())
    return false;
  const Waiting &w = waiting_[static_cast<size_t>(t)];
  return w.index >= 0 && w.index == g.threadSize(t) && g.coMax(w.addr) == w.onWrite;
}

bool Scheduler::postpone(const ExecutionGraph &g, const ReadLabel &r) {
  if (!(pickedFirst_ || pickedUnstarted_) || !opts_.postponeWaitingAwaits || !r.addedMax() ||
      !waitsOnCoMax(r))
    return false;
  auto t = static_cast<size_t>(r.thread());
  if (t >= waiting_.size())
    waiting_.resize(t + 1);
  waiting_[t] = Waiting{r.index(), r.addr(), g.coMax(r.addr())};
  return true;
}

bool Scheduler::waitsOnCoMax(const ReadLabel &r) {
  // The read is an await (its thread's spin iteration or lock attempt is this one read) and
  // its value blocks the thread: the thread's next event is the block.
  auto *b = dyn_cast<BlockLabel>(driver_.next(r.thread()));
  return b && b->awaitsLastRead() && b->index() == r.index() + 1 &&
         (b->reason() == BlockReason::SpinLoop || b->reason() == BlockReason::Lock);
}

void Scheduler::dropStaleWaits(const ExecutionGraph &g) {
  // A record is a cache of what the thread's next read would do on the co-maximal write: it
  // must not outlive a change of either. A thread that lost events, or a write that was
  // removed, may come back the same length or at the same position with other values.
  for (size_t t = 0; t < waiting_.size(); ++t) {
    Waiting &w = waiting_[t];
    if (w.index >= 0 && (!g.threadExists(static_cast<ThreadId>(t)) ||
                         g.threadSize(static_cast<ThreadId>(t)) != w.index ||
                         (!w.onWrite.isInit() && !g.contains(w.onWrite))))
      w = Waiting{};
  }
}

} // namespace scopemc
