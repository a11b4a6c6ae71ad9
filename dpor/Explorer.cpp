#include "dpor/Explorer.h"

#include <limits>

#include <algorithm>
#include <cstdio>

namespace scopemc {

Explorer::Explorer(ProgramRunner &runner, ExplorationObserver &observer, ExplorationOptions opts,
                   const Sharing *sharing)
    : runner_(runner), observer_(observer), opts_(std::move(opts)), sharing_(sharing),
      checker_(makeConsistencyChecker(opts_.model, opts_.crossCheckPsc)),
      driver_(runner, opts_.replayCacheEvents),
      monitor_({opts_.timeoutSeconds, opts_.memoryLimitMb}, opts_.onProgress,
               sharing ? SharedProgress{sharing->stop, sharing->finished, sharing->lastPrintMs}
                       : SharedProgress{}) {}

ExplorationResult Explorer::run() {
  frames_.clear();
  frames_.push_back(Frame{});
  graph().addThread(0, hostThreadPos(0), Event::init());
  return explore(false);
}

ExplorationResult Explorer::run(Branch branch) {
  frames_.clear();
  frames_.push_back(Frame{std::move(branch.graph), {branch.item}, View{}, Event::init(), {}});
  return explore(true);
}

ExplorationResult Explorer::explore(bool fromBranch) {
  monitor_.start(sharing_ ? sharing_->start : std::chrono::steady_clock::now());
  driver_.attach(graph());
  driver_.resetAll();
  recheckBlocked(); // an Explorer may run more than once
  bool go = !fromBranch || backtrack();
  while (go && !stop_) {
    if (!runForward())
      break;
    if (sharing_ && sharing_->wanted())
      giveAwayBranch();
    if (!backtrack())
      break;
  }
  if (stop_ && sharing_ && sharing_->stop)
    sharing_->stop->store(true);
  result_.stoppedEarly = stop_ && !result_.timedOut && !result_.memoryLimitHit;
  result_.events = ticks_;
  result_.threadRuns = driver_.runs();
  result_.cachedEvents = driver_.cacheHits();
  result_.seconds = monitor_.seconds();
  monitor_.finish();
  return result_;
}

void Explorer::giveAwayBranch() {
  // The oldest alternative of the lowest frame: the largest part of the search left. Its
  // graph, cut back to the alternative's stamp, is what this explorer would apply it to.
  for (auto &f : frames_) {
    if (f.work.empty())
      continue;
    WorkItem it = f.work.front();
    f.work.erase(f.work.begin());
    sharing_->donate(Branch{f.graph.copy(), it});
    return;
  }
}

bool Explorer::limitReached() {
  switch (monitor_.poll(result_.complete, result_.blocked)) {
  case ExplorationMonitor::Stop::None:
    break;
  case ExplorationMonitor::Stop::Requested:
    stop_ = true;
    break;
  case ExplorationMonitor::Stop::Time:
    result_.timedOut = true;
    stop_ = true;
    break;
  case ExplorationMonitor::Stop::Memory:
    result_.memoryLimitHit = true;
    stop_ = true;
    break;
  }
  return stop_;
}

bool Explorer::checkLongExecution() {
  if (warnedLong_ || graph().numEvents() < opts_.longExecutionEvents)
    return false;
  warnedLong_ = true;
  if (!opts_.onWarning)
    return false;
  std::string msg = "one execution has grown past " + std::to_string(opts_.longExecutionEvents) +
                    " events and goes on";
  auto loops = driver_.runner().busyLoops(100);
  if (loops.empty()) {
    msg += " (no loop of the program keeps going round: it is long, not stuck)";
  } else {
    msg += "; these loops keep going round, and are neither spin loops nor bounded:";
    for (size_t k = 0; k < loops.size() && k < 5; ++k)
      msg += "\n  " + toString(loops[k].where) + " (thread " + std::to_string(loops[k].thread) +
             ", " + std::to_string(loops[k].iterations) + " iterations)";
    msg += "\nbound them with --unroll N (the verdict is then bounded), or --timeout S";
  }
  opts_.onWarning(msg);
  return false;
}

// --- forward exploration --------------------------------------------------------------------

bool Explorer::isRunnable(ThreadId t) {
  auto &g = graph();
  if (!g.threadExists(t))
    return false;
  EventLabel *next = driver_.next(t);
  if (!next)
    return false;
  if (auto *j = dyn_cast<ThreadJoinLabel>(next)) {
    ThreadId c = j->child();
    if (c < 0 || c >= g.numThreads() || !g.threadExists(c))
      return false;
    return isa<ThreadFinishLabel>(g.lastLabel(c)) || isa<ErrorLabel>(g.lastLabel(c));
  }
  if (auto *d = dyn_cast<BarrierDepartLabel>(next)) // the instance is complete
    return g.barrierArrivalCount(d->barrier(), d->instance()) >= d->count();
  return true;
}

ThreadId Explorer::chooseThread() {
  // The last choice t added one event that changes no other thread's runnability
  // (stillFirst_): threads below t are still blocked or waiting, so t is the answer again
  // while it can run and does not wait.
  ThreadId sticky = std::exchange(stillFirst_, -1);
  if (sticky >= 0 && isRunnable(sticky) && !isWaiting(sticky)) {
#ifdef SCOPEMC_CHECK_STICKY
    ThreadId slow = chooseThreadScan();
    if (slow != sticky)
      std::abort();
#endif
    pickedFirst_ = true;
    return sticky;
  }
  return chooseThreadScan();
}

ThreadId Explorer::lowestAffected(const EventLabel &e) {
  // The lowest thread whose runnability e may have changed: none for an arrival that does
  // not complete its barrier instance (the threads at the instance still wait for others);
  // the new thread for a create; any thread otherwise.
  if (opts_.scheduleSeed || opts_.inPlaceRevisits)
    return 0;
  if (auto *a = dyn_cast<BarrierArriveLabel>(&e)) {
    // Only the threads that arrived at the instance wait at its departure.
    if (graph().barrierArrivalCount(a->barrier(), a->instance()) < a->count())
      return std::numeric_limits<ThreadId>::max();
    ThreadId lowest = std::numeric_limits<ThreadId>::max();
    for (const EventLabel *x : graph().barrierArrivals(a->barrier(), a->instance()))
      lowest = std::min(lowest, x->thread());
    return lowest;
  }
  if (auto *c = dyn_cast<ThreadCreateLabel>(&e))
    return c->child();
  return 0;
}

ThreadId Explorer::chooseThreadScan() {
  auto &g = graph();
  pickedFirst_ = false;
  // The write half of an RMW follows its read half immediately, and a block its read. The
  // halves are added together, and a revisit keeps or drops both except for the revisited
  // read: only lastChanged_ can lack a write half (in-place revisits restamp reads and
  // unblock threads elsewhere, so then every thread is looked at).
  ThreadId from = 0, to = g.numThreads();
  if (!opts_.inPlaceRevisits) {
    from = std::clamp(lastChanged_, ThreadId{0}, to);
    to = std::min(to, from + 1);
  }
  for (ThreadId t = from; t < to; ++t) {
    auto *r = dyn_cast<ReadLabel>(g.lastLabel(t));
    if (r && ((r->isRmw() && r->rmwWrites(driver_.readValue(*r)) && isRunnable(t)) ||
              (opts_.inPlaceRevisits && isRunnable(t) && isa<BlockLabel>(driver_.next(t)))))
      return t;
  }
  // The first runnable thread that is not waiting, from thread 0 or, seeded, from a
  // thread picked by a hash of the graph's size: a function of the graph only, as the
  // revisit conditions require. A waiting thread runs only when every runnable one waits.
  ThreadId n = g.numThreads(), first = 0, fallback = -1;
  if (opts_.scheduleSeed && n > 0) {
    uint64_t h = *opts_.scheduleSeed ^ (g.numEvents() * 0x9E3779B97F4A7C15ull);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    first = static_cast<ThreadId>(h % static_cast<uint64_t>(n));
  }
  // Threads below scanFrom_ were found not runnable by an earlier scan, and no event added
  // since could change that (lowestAffected): the scan starts there (not when seeded).
  ThreadId start = opts_.scheduleSeed ? 0 : std::min(scanFrom_, n), firstRunnable = n;
#ifdef SCOPEMC_CHECK_STICKY
  for (ThreadId t = 0; t < start; ++t)
    if (isRunnable(t))
      std::abort();
#endif
  for (ThreadId k = start; k < n; ++k) {
    ThreadId t = (first + k) % n;
    if (isWaiting(t)) {
      if (fallback < 0 && isRunnable(t)) { // runs the thread up to its read again
        fallback = t;
        firstRunnable = std::min(firstRunnable, t);
      }
    } else if (isRunnable(t)) {
      pickedFirst_ = true;
      scanFrom_ = std::min(firstRunnable, t);
      return t;
    }
  }
  scanFrom_ = firstRunnable;
  return fallback;
}

bool Explorer::leavesOthersAsTheyWere(const EventLabel &e) const {
  // Whether every other thread's runnability (isRunnable, isWaiting) is the same after e was
  // added: not when e makes or ends a thread (joins), arrives at a barrier, or writes a
  // location some thread waits on. (A seeded schedule starts its scan at a thread that
  // depends on the graph's size; in-place revisits change other threads' sources.)
  if (opts_.scheduleSeed || opts_.inPlaceRevisits)
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

bool Explorer::isWaiting(ThreadId t) const {
  if (static_cast<size_t>(t) >= waiting_.size())
    return false;
  const Waiting &w = waiting_[static_cast<size_t>(t)];
  const auto &g = frames_.back().graph;
  return w.index >= 0 && w.index == g.threadSize(t) && g.coMax(w.addr) == w.onWrite;
}

bool Explorer::runForward() {
  stillFirst_ = -1;
  scanFrom_ = 0; // the graph changed in other ways than by added events
  while (true) {
    // Limits and progress every 1024 events, also within one long execution.
    if ((++ticks_ & 1023) == 0 &&
        (limitReached() || (opts_.longExecutionEvents && checkLongExecution())))
      return false;
    ThreadId t = chooseThread();
    if (t < 0)
      return finishExecution();
    bool first = pickedFirst_;
    int32_t size = graph().threadSize(t);
    if (!addEvent(driver_.take(t)))
      return !stop_; // inconsistent or dropped: backtrack
    if (stop_)
      return false;
    if (graph().threadSize(t) == size + 1) {
      const EventLabel &e = *graph().lastLabel(t);
      bool others = leavesOthersAsTheyWere(e);
      if (first && others)
        stillFirst_ = t;
      if (!others)
        scanFrom_ = std::min(scanFrom_, lowestAffected(e));
    } else {
      scanFrom_ = 0;
    }
  }
}

bool Explorer::notify(Event e) {
  if (!observer_.onEvent(graph(), e))
    stop_ = true;
  return !stop_;
}

bool Explorer::addEvent(std::unique_ptr<EventLabel> owned) {
  auto &g = graph();
  if (auto *c = dyn_cast<ThreadCreateLabel>(owned.get())) {
    ThreadId child = g.freshThreadId();
    c->setChild(child);
    Event pos = c->pos();
    g.addThread(child, c->entry().place.value_or(hostThreadPos(child)), pos);
    driver_.invalidate(child, 0);
  } else if (auto *s = dyn_cast<ThreadStartLabel>(owned.get())) {
    s->setCreator(g.creatorOf(s->thread()));
  }
  if (auto *m = dyn_cast<MemAccessLabel>(owned.get()))
    checkLocation(*m);
  EventLabel *lab = g.add(std::move(owned));
  Event e = lab->pos();
  lastChanged_ = e.thread;
  checker_->updateViews(g, e);
  if (auto *b = dyn_cast<BlockLabel>(lab)) {
    recheckBlocked();
    if (isFrozenForever(*b))
      return false;
    if (catchUpBlockedAwait(*b))
      return true;
  }
  bool ok;
  if (auto *r = dyn_cast<ReadLabel>(lab)) {
    ReadAdded added = addRead(*r);
    if (added == ReadAdded::Postponed)
      return true;
    ok = added == ReadAdded::Consistent;
  } else if (auto *w = dyn_cast<WriteLabel>(lab))
    ok = addWrite(*w);
  else
    ok = checker_->isConsistent(g, e);
  if (!ok)
    return false;
  notify(e);
  // A thread that can never continue in any continuation of this graph (Blocked.cpp): the
  // branch holds no complete execution. (In-place revisits change sources without the
  // revisit conditions, so the argument does not hold for them.)
  return !(opts_.dropFrozenSpins && !opts_.inPlaceRevisits && someThreadBlockedForGood());
}

void Explorer::checkLocation(const MemAccessLabel &m) const {
  // Locations are identified by their start address: accesses of another size to the same
  // bytes would be explored wrongly, so they are refused.
  const auto &locs = frames_.back().graph.locations();
  auto overlaps = [&](const std::pair<Addr, LocationInfo> &l) {
    return l.first < m.addr() + m.size() && m.addr() < l.first + l.second.size &&
           (l.first != m.addr() || l.second.size != m.size());
  };
  auto it = locs.lowerBound(m.addr());
  const std::pair<Addr, LocationInfo> *other = nullptr;
  if (it != locs.end() && overlaps(*it))
    other = &*it;
  else if (it != locs.begin() && overlaps(*std::prev(it)))
    other = &*std::prev(it);
  if (other) {
    char what[160];
    std::snprintf(what, sizeof what,
                  "a %u-byte access at 0x%llx overlaps a %u-byte access at 0x%llx", m.size(),
                  static_cast<unsigned long long>(m.addr()), other->second.size,
                  static_cast<unsigned long long>(other->first));
    throw UnsupportedProgram(toString(m.source()) + ": " + what +
                             ": accesses of different sizes to the same memory (mixed-size "
                             "accesses) are not supported");
  }
}

bool Explorer::isBlockedAwait(Event r) const {
  // Thread r.thread is blocked by an await on r (DPOR.md §4) and r's source was not given by
  // a backward revisit (such reads keep ordinary revisits, as their frames need them).
  const auto &g = frames_.back().graph;
  auto *b = dyn_cast<BlockLabel>(g.lastLabel(r.thread));
  if (!b || !b->awaitsLastRead() || b->index() != r.index + 1)
    return false;
  auto *rl = cast<ReadLabel>(g.label(r));
  return rl->revisitable() && !rl->rfFromRevisit();
}

void Explorer::revisitBlockedReadsInPlace(Event w) {
  // A thread blocked by an await on read r can only continue once r reads another write. So
  // a new co-maximal write w to r's location takes r over in place: the branch where r
  // keeps its old source is not kept, and no revisit frame is made for r <- w. The write's
  // other co placements leave r blocked on the co-maximal write and branch on r <- w
  // (applyCoPlacement). A cut that removes w gives r its old source back.
  auto &g = graph();
  auto *wl = cast<WriteLabel>(g.label(w));
  if (!opts_.inPlaceRevisits)
    return;
  std::vector<Event> reads = g.location(wl->addr())->reads;
  for (Event r : reads) {
    if (r.thread == w.thread || !isBlockedAwait(r) || wl->porf().contains(r))
      continue;
    if (!wl->addedMax()) // an RMW write placed after an older write: branches, as below
      wl->tookInPlace().push_back(r);
    else if (takeInPlace(r, w, true))
      wl->tookInPlace().push_back(r);
  }
  if (!wl->addedMax())
    pushInPlaceBranches(w, wl->stamp(), 0);
}

void Explorer::pushInPlaceBranches(Event w, Stamp stamp, uint64_t taken) {
  // A write that is not co-maximal leaves the blocked awaits on the co-maximal write; each
  // nonempty subset of them reading this write instead is a branch. Subsets are generated
  // once each: a branch extends its own subset by the reads after its highest member. (Only
  // the first 64 awaits of one location get subsets: the option is experimental.)
  size_t n = std::min<size_t>(cast<WriteLabel>(graph().label(w))->tookInPlace().size(), 64);
  size_t from = 0;
  for (size_t i = 0; i < n; ++i)
    if (taken & (uint64_t{1} << i))
      from = i + 1;
  for (size_t i = from; i < n; ++i)
    pushWork(
        WorkItem{WorkItem::Kind::InPlace, stamp, Event::init(), w, 0, taken | (uint64_t{1} << i)});
}

bool Explorer::catchUpBlockedAwait(const BlockLabel &b) {
  // A blocked await reads the co-maximal write (revisitBlockedReadsInPlace keeps it so). A
  // read that blocks on an older write, having read the co-maximal one when it was added,
  // lost a source in place to a cut or a revisit: it takes the co-maximal write again.
  Event r{b.thread(), b.index() - 1};
  if (!opts_.inPlaceRevisits || r.index < 0 || !isBlockedAwait(r))
    return false;
  auto &g = graph();
  auto *rl = cast<ReadLabel>(g.label(r));
  Event max = g.coMax(rl->addr());
  return rl->addedMax() && rl->rf() != max && !max.isInit() && takeInPlace(r, max, true);
}

bool Explorer::takeInPlace(Event r, Event w, bool addedMax) {
  auto &g = graph();
  auto *rl = cast<ReadLabel>(g.label(r));
  ReadLabel::PastRf past{rl->rf(), rl->addedMax(), rl->hb(), rl->porf(), rl->stamp()};
  g.setRf(r, w);
  checker_->updateViews(g, r);
  if (!checker_->isConsistent(g, r)) {
    g.setRf(r, past.rf);
    rl->hb() = std::move(past.hb);
    rl->porf() = std::move(past.porf);
    return false;
  }
  rl->setAddedMax(addedMax);
  g.pushPastRf(r, std::move(past));
  g.restamp(r); // as if r were added again now, reading w
  if (isa<BlockLabel>(g.lastLabel(r.thread)))
    g.removeBlock(r.thread);
  driver_.invalidate(r.thread, r.index);
  notify(r);
  return true;
}

Explorer::ReadAdded Explorer::addRead(ReadLabel &r) {
  auto &g = graph();
  std::vector<Event> &rfs = rfScratch_;
  checker_->coherentRfs(g, r.pos(), rfs);
  if (rfs.empty())
    return ReadAdded::Inconsistent;
  Event chosen = rfs.back(); // the co-maximal write: the read is added maximally
  g.setRf(r.pos(), chosen);
  r.setAddedMax(chosen == g.coMax(r.addr()));
  checker_->updateViews(g, r.pos());
  if (pickedFirst_ && opts_.postponeWaitingAwaits && r.addedMax() && waitsOnCoMax(r)) {
    // The thread was not picked as the last resort: it waits until the location gets a new
    // co-maximal write (isWaiting), and chooseThread picks again. The read is taken back
    // before it branches.
    Event e = r.pos();
    if (static_cast<size_t>(e.thread) >= waiting_.size())
      waiting_.resize(static_cast<size_t>(e.thread) + 1);
    waiting_[static_cast<size_t>(e.thread)] = Waiting{e.index, r.addr(), chosen};
    g.removeLastRead(e.thread);
    driver_.invalidate(e.thread, e.index);
    return ReadAdded::Postponed;
  }
  for (size_t i = 0; i + 1 < rfs.size(); ++i)
    pushWork(WorkItem{WorkItem::Kind::ReadFrom, r.stamp(), r.pos(), rfs[i]});
  return checker_->isConsistent(g, r.pos()) ? ReadAdded::Consistent : ReadAdded::Inconsistent;
}

bool Explorer::waitsOnCoMax(const ReadLabel &r) {
  // The read is an await (its thread's spin iteration or lock attempt is this one read) and
  // its value blocks the thread: the thread's next event is the block.
  auto *b = dyn_cast<BlockLabel>(driver_.next(r.thread()));
  return b && b->awaitsLastRead() && b->index() == r.index() + 1 &&
         (b->reason() == BlockReason::SpinLoop || b->reason() == BlockReason::Lock);
}

bool Explorer::addWrite(WriteLabel &w) {
  auto &g = graph();
  std::vector<size_t> &places = coScratch_;
  checker_->coherentCoPlacements(g, w.pos(), places);
  if (places.empty())
    return false;
  g.placeWrite(w.pos(), places.back());
  // A failed lock attempt that freezes its thread: nothing the write could start is pushed,
  // but it is still checked and reported like any added event (Blocked.cpp).
  bool frozen = w.isRmwPart() && frozenAfterRmw(w);
  for (size_t i = 0; i + 1 < places.size() && !frozen; ++i)
    pushWork(WorkItem{WorkItem::Kind::CoPlacement, w.stamp(), w.pos(), Event::init(), places[i]});
  w.setAddedMax(g.coMax(w.addr()) == w.pos());
  if (!w.addedMax()) // may pin reads of a blocked thread (Blocked.cpp)
    recheckBlocked();
  if (!checker_->isConsistent(g, w.pos())) {
    // The graph is dropped. An RMW that broke atomicity (another RMW already read the same
    // write) may still revisit that RMW's read: that is how the other order of the two is
    // reached. Blocked awaits are left to those revisits: their frames catch them up in place.
    if (w.isRmwPart() && !frozen && !checker_->rmwIsAtomic(g, w.pos()))
      pushBackwardRevisits(w.pos(), opts_.inPlaceRevisits);
    return false;
  }
  if (frozen) {
    notify(w.pos());
    return false;
  }
  revisitBlockedReadsInPlace(w.pos());
  pushBackwardRevisits(w.pos());
  return true;
}

bool Explorer::finishExecution() {
  auto &g = graph();
  std::vector<ThreadEndState> ends(static_cast<size_t>(g.numThreads()));
  bool blocked = false;
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    auto &st = ends[static_cast<size_t>(t)];
    if (!g.threadExists(t)) {
      st.kind = ThreadEndState::Kind::Finished;
      continue;
    }
    const EventLabel *last = g.lastLabel(t);
    if (isa<ThreadFinishLabel>(last)) {
      st.kind = ThreadEndState::Kind::Finished;
    } else if (isa<ErrorLabel>(last)) {
      st.kind = ThreadEndState::Kind::Errored;
    } else if (auto *b = dyn_cast<BlockLabel>(last)) {
      st.kind = ThreadEndState::Kind::Blocked;
      blocked = true;
      if (b->reason() == BlockReason::LoopBound) {
        result_.boundHit = true;
        if (std::find(result_.boundLoops.begin(), result_.boundLoops.end(), b->source()) ==
            result_.boundLoops.end())
          result_.boundLoops.push_back(b->source());
      }
    } else if (auto *d = dyn_cast<BarrierDepartLabel>(driver_.next(t))) {
      st.kind = ThreadEndState::Kind::WaitingBarrier;
      st.pending = d;
      blocked = true;
    } else {
      auto *j = dyn_cast<ThreadJoinLabel>(driver_.next(t));
      st.kind = ThreadEndState::Kind::WaitingJoin;
      st.waitingFor = j ? j->child() : -1;
      blocked = true;
    }
  }
  if (blocked)
    ++result_.blocked;
  else
    ++result_.complete;
  if (!observer_.onExecutionEnd(g, ends))
    stop_ = true;
  return !stop_;
}

// --- backtracking ---------------------------------------------------------------------------

bool Explorer::backtrack() {
  while (!frames_.empty()) {
    Frame &f = frames_.back();
    if (f.work.empty()) {
      // Back to the parent: threads that ran past what the child kept of it run again.
      if (frames_.size() == 1) {
        frames_.pop_back();
        continue;
      }
      rerunOnReturn(f, frames_[frames_.size() - 2].graph);
      spare_ = std::move(f); // its storage serves the next revisit frame
      frames_.pop_back();
      waiting_.clear();
      driver_.attach(graph());
      driver_.afterCut();
      continue;
    }
    WorkItem it = f.work.back();
    f.work.pop_back();
    bool ok = applyWorkItem(it);
    if (stop_)
      return false;
    if (ok)
      return true;
  }
  return false;
}

void Explorer::mergeIntoFrame(const View &kept, Event revisited) {
  // The frame now differs from its parent from the first event either level did not keep,
  // and at both revisited reads (folded into the kept view: rerunOnReturn then re-runs their
  // threads from them).
  Frame &f = frames_.back();
  View both;
  for (ThreadId t = 0; t < static_cast<ThreadId>(std::max(f.kept.size(), kept.size())); ++t)
    both.set(t, std::min(f.kept.get(t), kept.get(t)));
  for (Event r : {f.revisited, revisited})
    if (!r.isInit())
      both.set(r.thread, std::min(both.get(r.thread), r.index - 1));
  f.kept = both;
  f.revisited = Event::init();
  f.blockingValues.clear();
}

void Explorer::rerunOnReturn(const Frame &child, const ExecutionGraph &parent) {
  // Back from a revisit frame to its parent: a thread re-runs from the first event whose
  // value may differ, that is past what the child kept of the parent, or at a kept read
  // whose source differs (the revisited read, and reads taken over in place in the child).
  for (ThreadId t = 0; t < parent.numThreads(); ++t) {
    int32_t end = std::min(child.kept.get(t) + 1, parent.threadSize(t));
    if (!opts_.inPlaceRevisits) { // only the revisited read changed its source
      driver_.invalidate(t,
                         t == child.revisited.thread ? std::min(end, child.revisited.index) : end);
      continue;
    }
    int32_t i = 0;
    for (; i < end && t < child.graph.numThreads() && i < child.graph.threadSize(t); ++i) {
      auto *pr = dyn_cast<ReadLabel>(parent.label(Event{t, i}));
      if (pr && cast<ReadLabel>(child.graph.label(Event{t, i}))->rf() != pr->rf())
        break;
    }
    driver_.invalidate(t, std::min(i, end));
  }
}

bool Explorer::applyWorkItem(const WorkItem &it) {
  recheckBlocked();
  lastChanged_ = it.target.thread;
  // What a thread waits for depends on its own events and the co-maximal write only: the
  // record of a thread the alternative leaves unchanged stays valid (isWaiting checks the
  // co-maximal write and the thread's length).
  if (opts_.inPlaceRevisits)
    waiting_.clear();
  else if (static_cast<size_t>(it.target.thread) < waiting_.size())
    waiting_[static_cast<size_t>(it.target.thread)] = Waiting{};
  switch (it.kind) {
  case WorkItem::Kind::ReadFrom:
    return applyReadFrom(it);
  case WorkItem::Kind::CoPlacement:
    return applyCoPlacement(it);
  case WorkItem::Kind::BackwardRevisit:
    return applyBackwardRevisit(it);
  case WorkItem::Kind::InPlace:
    return applyInPlace(it);
  }
  return false;
}

void Explorer::cutBackTo(Stamp s) {
  // Nothing later to remove (e.g. the next alternative of a read whose last one failed):
  // the driver, the waiting records and the blocking values all still hold.
  if (!graph().cutToStamp(s))
    return;
  driver_.afterCut();
  dropStaleWaits();
  std::erase_if(frames_.back().blockingValues, [s](const auto &bv) { return bv.first > s; });
}

void Explorer::dropStaleWaits() {
  // A record is a cache of what the thread's next read would do on the co-maximal write: it
  // must not outlive a change of either. A thread that lost events, or a write that was
  // removed, may come back the same length or at the same position with other values.
  const auto &g = frames_.back().graph;
  for (size_t t = 0; t < waiting_.size(); ++t) {
    Waiting &w = waiting_[t];
    if (w.index >= 0 && (!g.threadExists(static_cast<ThreadId>(t)) ||
                         g.threadSize(static_cast<ThreadId>(t)) != w.index ||
                         (!w.onWrite.isInit() && !g.contains(w.onWrite))))
      w = Waiting{};
  }
}

bool Explorer::applyReadFrom(const WorkItem &it) {
  auto &g = graph();
  cutBackTo(it.stamp);
  driver_.invalidate(it.target.thread, it.target.index);
  g.setRf(it.target, it.write);
  auto *r = cast<ReadLabel>(g.label(it.target));
  r->setAddedMax(false);
  checker_->updateViews(g, it.target);
  // The graph is the one addRead listed the sources in (in-place revisits change sources
  // of other reads, so not with them).
  if (!(opts_.inPlaceRevisits ? checker_->isConsistent(g, it.target)
                              : checker_->isConsistentWithListedSource(g, it.target)))
    return false;
  notify(it.target);
  // A read given an older write that blocks its thread at once freezes it: the branch is
  // dropped before other threads run in it (isFrozenForever). Whether it blocks depends on
  // the value read alone (the thread's earlier events are those of the previous
  // alternative), so a value found blocking is not run again for the same read.
  auto &known = frames_.back().blockingValues;
  std::pair<Stamp, uint64_t> key{r->stamp(), driver_.readValue(*r)};
  if (std::find(known.begin(), known.end(), key) != known.end())
    return false;
  auto *b = dyn_cast<BlockLabel>(driver_.next(it.target.thread));
  if (b && isFrozenForever(*b)) {
    known.push_back(key);
    return false;
  }
  return true;
}

bool Explorer::applyCoPlacement(const WorkItem &it) {
  auto &g = graph();
  cutBackTo(it.stamp);
  // The reads the write took over in place (stamped after it, so the cut gave them their
  // old sources back) stay blocked on the co-maximal write; pushInPlaceBranches lets every
  // nonempty subset of them read this write instead.
  g.moveWrite(it.target, it.coPos);
  g.label(it.target)->setAddedMax(false);
  if (!checker_->isConsistent(g, it.target))
    return false;
  pushInPlaceBranches(it.target, it.stamp, 0);
  pushBackwardRevisits(it.target);
  notify(it.target);
  return true;
}

bool Explorer::applyInPlace(const WorkItem &it) {
  // A subset of the blocked awaits reads a write that is not co-maximal (pushInPlaceBranches).
  // A thread that blocks again drops the branch (isFrozenForever: its read is not added
  // maximally): its blocked state is the co-maximal one of a sibling branch.
  cutBackTo(it.stamp);
  const auto &reads = cast<WriteLabel>(graph().label(it.write))->tookInPlace();
  for (size_t i = 0; i < reads.size() && i < 64; ++i)
    if ((it.reads & (uint64_t{1} << i)) && !takeInPlace(reads[i], it.write, false))
      return false;
  pushInPlaceBranches(it.write, it.stamp, it.reads);
  return true;
}

bool Explorer::applyBackwardRevisit(const WorkItem &it) {
  auto &g = graph();
  cutBackTo(it.stamp);
  // The cut undid what the write took over in place right after it was added: redo it.
  if (auto *wl = cast<WriteLabel>(g.label(it.write)); wl->addedMax())
    for (Event r : std::vector<Event>(wl->tookInPlace()))
      if (cast<ReadLabel>(g.label(r))->rf() != it.write)
        takeInPlace(r, it.write, true);
  View kept = keptView(it.target, it.write);
  // A frame with nothing left to explore is never returned to: the revisit then restricts its
  // graph in place instead of copying it, and the frame stands for both levels. (If the revisit
  // fails, the frame is left at once; what it says of its parent still holds.)
  bool reuse = frames_.back().work.empty() && !opts_.inPlaceRevisits;
  Frame next;
  if (reuse) {
    g.restrict(kept);
  } else {
    next = std::exchange(spare_, Frame{});
    next.graph.assignRestricted(g, kept);
    next.work.clear();
    next.kept = kept;
    next.revisited = it.target;
    next.blockingValues.clear();
  }
  ExecutionGraph &ng = reuse ? g : next.graph;
  const View &prefix = ng.label(it.write)->porf();
  for (ThreadId t = 0; t < ng.numThreads(); ++t)
    for (int32_t i = 0; i <= prefix.get(t) && i < ng.threadSize(t); ++i)
      ng.label(Event{t, i})->setRevisitable(false);
  ng.setRf(it.target, it.write);
  auto *r = cast<ReadLabel>(ng.label(it.target));
  r->setRfFromRevisit();
  r->setAddedMax(ng.coMax(r->addr()) == it.write);
  checker_->updateViews(ng, it.target);
  // A revisit by the write half of an RMW must also leave that RMW atomic in the new graph
  // (the RMW it conflicted with in the old one has to be gone).
  if ((cast<WriteLabel>(ng.label(it.write))->isRmwPart() && !checker_->rmwIsAtomic(ng, it.write)) ||
      !checker_->isConsistent(ng, it.target)) {
    if (!reuse)
      spare_ = std::move(next);
    return false;
  }
  if (reuse) {
    mergeIntoFrame(kept, it.target);
  } else {
    frames_.push_back(std::move(next));
    driver_.attach(graph());
  }
  driver_.afterCut();
  dropStaleWaits();
  driver_.invalidate(it.target.thread, it.target.index);
  notify(it.target);
  return true;
}

} // namespace scopemc
