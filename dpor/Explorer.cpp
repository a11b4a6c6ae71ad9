#include "dpor/Explorer.h"
#include "dpor/Election.h"
#include "dpor/LimitNotes.h"
#include "dpor/Replay.h"
#include "dpor/Revisits.h"
#include "model/Models.h"

#include <algorithm>

namespace scopemc {
namespace {

/// Whether a reduction drops the branch of a graph an alternative just made.
bool reductionDrops(SymmetryPruner &symmetry, CommutingPruner &commuting, const ExecutionGraph &g) {
  return symmetry.prunesAfterChange(g) || commuting.prunesAfterChange(g);
}

/// Deferral.h: false (the search stops, to start over without deferral) if e broke the premise.
bool deferralHolds(const DeferredUpdates &d, const ExecutionGraph &g, Event e,
                   ExplorationResult &res, bool &stop) {
  if (d.premiseHolds(g, e))
    return true;
  res.deferralBroken = stop = true;
  return false;
}

} // namespace

Explorer::Explorer(ProgramRunner &runner, ExplorationObserver &observer, ExplorationOptions opts,
                   const Sharing *sharing)
    : runner_(runner), observer_(observer), opts_(std::move(opts)),
      reductions_(runner.reductions()), sharing_(sharing),
      checker_(makeConsistencyChecker(opts_.model, opts_.crossCheckPsc)),
      driver_(runner, opts_.replayCacheEvents, [this] { return limitReached(); }),
      scheduler_(driver_, {opts_.scheduleSeed, opts_.postponeWaitingAwaits,
                           reductions_.commutingUpdates, reductions_.symmetry}),
      spins_(driver_, opts_.dropFrozenSpins),
      persistence_(reductions_,
                   [this](ThreadId t) -> const EventLabel * { return driver_.next(t); }),
      symmetry_(reductions_.symmetry, opts_.symmetryPairwiseUpTo, persistence_),
      commuting_(reductions_.commutingUpdates, persistence_),
      deferral_(reductions_.commutingUpdates && reductions_.deferUpdates,
                reductions_.checks(Premise::DeferredUpdatesOrdered)),
      initialValues_([this](Addr a, uint32_t size) { return runner_.initialValue(a, size); }),
      monitor_({opts_.timeoutSeconds, opts_.memoryLimitMb}, opts_.onProgress,
               sharing ? sharing->progress : SharedProgress{}) {}

ExplorationResult Explorer::run() {
  startWalk();
  return explore(false);
}

ExplorationResult Explorer::run(Branch branch) {
  Frame root{std::move(branch.graph), {branch.item}, View{}, Event::init(), {}, {}};
  root.trail.inherit(branch.trail);
  begin(std::move(root));
  return explore(true);
}

void Explorer::begin(Frame root) {
  // (an Explorer may run more than once: nothing of an earlier search is kept)
  frames_.clear();
  frames_.push_back(std::move(root));
  driver_.attach(graph());
  driver_.resetAll();
  spins_.recheck();
  symmetry_.attach(graph());
  commuting_.attach(graph());
  deferral_.attach(graph());
  if (commuting_.sawAny())
    scheduler_.sawCommuting();
}

ExplorationResult Explorer::explore(bool fromBranch) {
  monitor_.start(sharing_ ? sharing_->start : std::chrono::steady_clock::now());
  try {
    bool go = !fromBranch || backtrack();
    while (go && !stop_) {
      if (!runForward())
        break;
      if (sharing_ && sharing_->betweenExecutions)
        sharing_->betweenExecutions(*this);
      if (!backtrack())
        break;
    }
  } catch (const RunInterrupted &) {
    stop_ = true; // a limit reached while a thread ran (limitReached said which)
  }
  if (stop_ && sharing_ && sharing_->progress.stop)
    sharing_->progress.stop->store(true);
  result_.stoppedEarly = stop_ && !result_.timedOut && !result_.memoryLimitHit;
  result_.events = ticks_;
  result_.threadRuns = driver_.counts().runs;
  result_.cachedEvents = driver_.counts().cacheHits;
  result_.symmetric = symmetry_.active();
  result_.symmetryPruned = symmetry_.pruned();
  result_.commutingPruned = commuting_.pruned();
  result_.seconds = monitor_.seconds();
  monitor_.finish();
  return result_;
}

std::optional<Explorer::Branch> Explorer::splitOff() {
  // Its graph, cut back to the alternative's stamp, is what this explorer would apply it to.
  for (auto &f : frames_) {
    if (f.work.empty())
      continue;
    WorkItem it = f.work.front();
    f.work.erase(f.work.begin());
    return Branch{f.graph.copy(), it, f.trail.steps()};
  }
  return std::nullopt;
}

void Explorer::startWalk() {
  if (!monitor_.started()) // a walk of its own (an estimate): the limits count from here
    monitor_.start(sharing_ ? sharing_->start : std::chrono::steady_clock::now());
  Frame root;
  root.graph.addThread(0, hostThreadPos(0), Event::init());
  begin(std::move(root));
}

Explorer::Step Explorer::stepResult(bool consistent) {
  // Work lists are empty between steps: what a step pushed are the node's alternatives.
  Step s;
  s.consistent = consistent;
  s.alternatives = std::move(frames_.back().work);
  for (auto &f : frames_)
    f.work.clear();
  return s;
}

Explorer::Step Explorer::step() {
  // Alternatives change the graph between steps: the scheduler's shortcuts do not hold.
  scheduler_.graphChanged();
  ThreadId t = scheduler_.choose(graph());
  if (t < 0) {
    uint64_t before = result_.complete;
    finishExecution();
    Step s;
    s.ended = true;
    s.complete = result_.complete > before;
    return s;
  }
  return stepResult(addEvent(driver_.take(t)));
}

Explorer::Step Explorer::takeAlternative(WorkItem item) {
  return stepResult(applyWorkItem(item) && !reductionDrops(symmetry_, commuting_, graph()));
}

bool Explorer::limitReached() {
  // A long execution is warned about once (never stopped: it may just be long).
  if (opts_.longExecutionEvents && !warnedLong_ &&
      graph().numEvents() >= opts_.longExecutionEvents) {
    warnedLong_ = true;
    if (opts_.onWarning)
      opts_.onWarning(longExecutionWarning(opts_.longExecutionEvents, driver_.runner()));
  }
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
    result_.memoryNote = memoryLimitNote(graph(), driver_.runner(), opts_.memoryLimitMb);
    stop_ = true;
    break;
  }
  return stop_;
}

// --- forward exploration --------------------------------------------------------------------

bool Explorer::runForward() {
  scheduler_.graphChanged();
  while (true) {
    // Limits and progress every 1024 events, also within one long execution.
    if ((++ticks_ & 1023) == 0 && limitReached())
      return false;
    ThreadId t = scheduler_.choose(graph());
    if (t < 0)
      return finishExecution();
    int32_t size = graph().threadSize(t);
    if (!addEvent(driver_.take(t)))
      return !stop_; // inconsistent or dropped: backtrack
    if (stop_)
      return false;
    scheduler_.added(graph(), t, graph().threadSize(t) - size);
  }
}

bool Explorer::notify(Event e) {
  if (!quiet_ && !observer_.onEvent(graph(), e))
    stop_ = true;
  return !stop_;
}

bool Explorer::addEvent(std::unique_ptr<EventLabel> owned) {
  auto &g = graph();
  ThreadId created = -1;
  if (auto *c = dyn_cast<ThreadCreateLabel>(owned.get())) {
    ThreadId child = created = g.freshThreadId();
    c->setChild(child);
    g.addThread(child, c->entry().place.value_or(hostThreadPos(child)), c->pos());
    driver_.invalidate(child, 0);
  } else if (auto *s = dyn_cast<ThreadStartLabel>(owned.get())) {
    s->setCreator(g.creatorOf(s->thread()));
  }
  settleConvergence(g, *owned);
  if (reductions_.checks(Premise::BarrierPhasesFit) &&
      oversubscribedPhase(g, *owned)) { // the caller starts over, phases by arrival order
    result_.barrierOversubscribed = stop_ = true;
    return false;
  }
  if (auto *m = dyn_cast<MemAccessLabel>(owned.get()))
    refuseMixedSizes(g, *m);
  deferral_.mark(g, *owned);
  EventLabel *lab = g.add(std::move(owned));
  Event e = lab->pos();
  scheduler_.changed(e.thread);
  if (auto *r = dyn_cast<ReadLabel>(lab); r && r->rmw().commutes && !r->deferred())
    scheduler_.sawCommuting();
  checker_->updateViews(g, e);
  if (auto *b = dyn_cast<BlockLabel>(lab)) {
    spins_.recheck();
    if (spins_.isFrozenForever(g, *b))
      return false;
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
  if (ok && !deferralHolds(deferral_, g, e, result_, stop_))
    return false;
  if (auto *d = dyn_cast<BarrierDepartLabel>(lab); d && ok) {
    electSerial(g, *d, electScratch_, opts_.electOneNonUser,
                reductions_.checks(Premise::ElectionAlternatives));
    for (ThreadId t : electScratch_)
      pushWork(
          WorkItem{WorkItem::Kind::Election, d->stamp(), e, Event::init(), static_cast<size_t>(t)});
  }
  // (a branch where interchangeable threads went in the wrong order for good: Symmetry.h)
  if (!ok || symmetry_.prunesAfterAdd(g, e) || commuting_.prunesAfterAdd(g, e))
    return false;
  notify(e);
  // A thread that can never continue in any continuation of this graph (SpinPruning.h): the
  // branch holds no complete execution.
  if (spins_.someThreadBlockedForGood(g))
    return false;
  // A new thread starts at once (the scheduler's choice, a function of the graph): the starts
  // of a launch's threads then precede every read of theirs, so a revisit of one thread's read
  // never removes another's start (which keeps symmetry violations persistent: Symmetry.h).
  EventLabel *start = created < 0 ? nullptr : driver_.next(created);
  if (!start || !isa<ThreadStartLabel>(start))
    return true;
  return addEvent(driver_.take(created));
}

Explorer::ReadAdded Explorer::addRead(ReadLabel &r) {
  auto &g = graph();
  if (r.deferred()) // the co-maximal write, and no alternative
    return DeferredUpdates::addDeferredRead(g, r, *checker_) ? ReadAdded::Consistent
                                                             : ReadAdded::Inconsistent;
  std::vector<Event> &rfs = rfScratch_;
  checker_->coherentRfs(g, r.pos(), rfs);
  if (rfs.empty())
    return ReadAdded::Inconsistent;
  Event chosen = rfs.back(); // the co-maximal write: the read is added maximally
  g.setRf(r.pos(), chosen);
  r.setAddedMax(chosen == g.coMax(r.addr()));
  checker_->updateViews(g, r.pos());
  if (scheduler_.postpone(g, r)) {
    // The thread waits until the location gets a new co-maximal write, and the scheduler
    // picks again. The read is taken back before it branches.
    Event e = r.pos();
    g.removeLastRead(e.thread);
    driver_.invalidate(e.thread, e.index);
    return ReadAdded::Postponed;
  }
  for (size_t i = 0; i + 1 < rfs.size(); ++i)
    pushWork(WorkItem{WorkItem::Kind::ReadFrom, r.stamp(), r.pos(), rfs[i]});
  return checker_->isConsistent(g, r.pos()) ? ReadAdded::Consistent : ReadAdded::Inconsistent;
}

bool Explorer::addWrite(WriteLabel &w) {
  auto &g = graph();
  std::vector<size_t> &places = coScratch_;
  checker_->coherentCoPlacements(g, w.pos(), places);
  if (places.empty())
    return false;
  g.placeWrite(w.pos(), places.back());
  if (w.deferred()) { // last in co, and it revisits nothing (Deferral.h)
    w.setAddedMax(true);
    if (DeferredUpdates::fixesAnOrder(g, w.pos()))
      ++result_.commutingDeferred;
    return checker_->isConsistent(g, w.pos());
  }
  // A failed lock attempt that freezes its thread: nothing the write could start is pushed,
  // but it is still checked and reported like any added event (SpinPruning.h).
  bool frozen = w.isRmwPart() && spins_.frozenAfterRmw(g, w);
  if (frozen) // the read's other alternatives with this value freeze the thread too
    frames_.back().blockingValues.push_back(
        {g.label(Event{w.thread(), w.index() - 1})->stamp(), w.value()});
  for (size_t i = 0; i + 1 < places.size() && !frozen; ++i)
    pushWork(WorkItem{WorkItem::Kind::CoPlacement, w.stamp(), w.pos(), Event::init(), places[i]});
  w.setAddedMax(g.coMax(w.addr()) == w.pos());
  if (!w.addedMax()) // may pin reads of a blocked thread (SpinPruning.cpp)
    spins_.recheck();
  if (!checker_->isConsistent(g, w.pos())) {
    // The graph is dropped. An RMW that broke atomicity (another RMW already read the same
    // write) may still revisit that RMW's read: that is how the other order of the two is
    // reached.
    if (w.isRmwPart() && !frozen && !checker_->rmwIsAtomic(g, w.pos()))
      pushBackwardRevisits(w.pos());
    return false;
  }
  if (frozen) {
    notify(w.pos());
    return false;
  }
  pushBackwardRevisits(w.pos());
  return true;
}

bool Explorer::finishExecution() {
  auto &g = graph();
  if (!symmetry_.joinsAlike(g)) { // the reduction's premise failed: the caller starts over
    result_.symmetryBroken = stop_ = true;
    return false;
  }
  std::vector<ThreadEndState> ends(static_cast<size_t>(g.numThreads()));
  bool blocked = false, cut = false, atBarrier = false;
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
      if (ownHeapReached(g, *b)) { // the zero-net-effect premise failed: the caller starts over
        result_.ownHeapReached = stop_ = true;
        return false;
      }
      st.kind = ThreadEndState::Kind::Blocked;
      // It waits on the latest value of its location, and no thread adds an event any more:
      // if every blocked thread is so, none ever leaves its loop (Observer.h).
      st.forGood = spinsForGood(g, *b);
      blocked = true;
      cut = cut || !st.forGood;
      if (b->reason() == BlockReason::LoopBound) {
        result_.boundHit = true;
        if (std::find(result_.boundLoops.begin(), result_.boundLoops.end(), b->source()) ==
            result_.boundLoops.end())
          result_.boundLoops.push_back(b->source());
      }
    } else if (auto *d = dyn_cast<BarrierDepartLabel>(driver_.next(t))) {
      st.kind = ThreadEndState::Kind::WaitingBarrier;
      st.pending = d;
      blocked = atBarrier = true;
    } else {
      auto *j = dyn_cast<ThreadJoinLabel>(driver_.next(t));
      auto *fin = j ? dyn_cast<ThreadFinishLabel>(g.lastLabel(j->child())) : nullptr;
      bool exited =
          fin && fin->how() == FinishKind::ProcessExit; // its exit() ended this thread too
      st.kind = exited ? ThreadEndState::Kind::Finished : ThreadEndState::Kind::WaitingJoin;
      st.waitingFor = j ? j->child() : -1;
      blocked = blocked || !exited;
    }
  }
  if (blocked)
    ++result_.blocked;
  else
    ++result_.complete;
  if (atBarrier && !cut)
    ++result_.hungAtBarrier;
  if (!quiet_ && !observer_.onExecutionEnd(g, ends))
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
      scheduler_.clearWaits();
      driver_.attach(graph());
      driver_.afterCut();
      continue;
    }
    // A long run of alternatives that are dropped adds no event: the limits are polled here
    // too, so that --timeout stops the search cleanly with what it found.
    if ((++backtrackTicks_ & 255) == 0 && limitReached())
      return false;
    WorkItem it = f.work.back();
    f.work.pop_back();
    bool ok = applyWorkItem(it) && !reductionDrops(symmetry_, commuting_, graph());
    if (stop_)
      return false;
    if (ok) {
      frames_.back().trail.ranForward(); // (in a new revisit frame, its own last step)
      return true;
    }
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
  // value may differ, that is past what the child kept of the parent, or at the revisited
  // read (the only kept read whose source differs).
  for (ThreadId t = 0; t < parent.numThreads(); ++t) {
    int32_t end = std::min(child.kept.get(t) + 1, parent.threadSize(t));
    driver_.invalidate(t, t == child.revisited.thread ? std::min(end, child.revisited.index) : end);
  }
}

bool Explorer::applyWorkItem(const WorkItem &it) {
  // (a backward revisit records its step itself: in a new frame unless it reuses this one)
  if (it.kind != WorkItem::Kind::BackwardRevisit)
    frames_.back().trail.record(it.stamp, toPathStep(it));
  spins_.recheck();
  scheduler_.changed(it.target.thread);
  // What a thread waits for depends on its own events and the co-maximal write only: the
  // record of a thread the alternative leaves unchanged stays valid.
  scheduler_.alternativeFor(it.target.thread);
  switch (it.kind) {
  case WorkItem::Kind::ReadFrom:
    return applyReadFrom(it);
  case WorkItem::Kind::CoPlacement:
    return applyCoPlacement(it);
  case WorkItem::Kind::BackwardRevisit:
    return applyBackwardRevisit(it);
  case WorkItem::Kind::Election: { // another serial thread for the barrier instance
    cutBackTo(it.stamp);
    driver_.invalidate(it.target.thread, it.target.index);
    auto *d = cast<BarrierDepartLabel>(graph().label(it.target));
    d->setSerial(static_cast<ThreadId>(it.coPos));
    d->setAddedMax(false); // a revisit deleting it would reach this graph twice
    return notify(it.target);
  }
  }
  return false;
}

void Explorer::cutBackTo(Stamp s) {
  // Nothing later to remove (e.g. the next alternative of a read whose last one failed):
  // the driver, the waiting records and the blocking values all still hold.
  if (!graph().cutToStamp(s))
    return;
  driver_.afterCut();
  scheduler_.dropStaleWaits(graph());
  std::erase_if(frames_.back().blockingValues, [s](const auto &bv) { return bv.first > s; });
}

bool Explorer::applyReadFrom(const WorkItem &it) {
  auto &g = graph();
  cutBackTo(it.stamp);
  driver_.invalidate(it.target.thread, it.target.index);
  g.setRf(it.target, it.write);
  auto *r = cast<ReadLabel>(g.label(it.target));
  r->setAddedMax(false);
  checker_->updateViews(g, it.target);
  // The graph is the one addRead listed the sources in.
  if (!checker_->isConsistentWithListedSource(g, it.target) ||
      !deferralHolds(deferral_, g, it.target, result_, stop_))
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
  if (b && spins_.isFrozenForever(g, *b)) {
    known.push_back(key);
    return false;
  }
  return true;
}

bool Explorer::applyCoPlacement(const WorkItem &it) {
  auto &g = graph();
  cutBackTo(it.stamp);
  g.moveWrite(it.target, it.coPos);
  g.label(it.target)->setAddedMax(false);
  if (!checker_->isConsistent(g, it.target))
    return false;
  pushBackwardRevisits(it.target);
  notify(it.target);
  return true;
}

bool Explorer::applyBackwardRevisit(const WorkItem &it) {
  auto &g = graph();
  cutBackTo(it.stamp);
  View kept = keptView(g, it.target, it.write);
  // A frame with nothing left to explore is never returned to: the revisit then restricts its
  // graph in place instead of copying it, and the frame stands for both levels. (If the revisit
  // fails, the frame is left at once; what it says of its parent still holds.)
  bool reuse = frames_.back().work.empty();
  Frame next;
  if (reuse) {
    g.restrict(kept, &initialValues_);
    frames_.back().trail.record(it.stamp, toPathStep(it));
  } else {
    next = std::exchange(spare_, Frame{});
    next.graph.assignRestricted(g, kept, &initialValues_);
    next.work.clear();
    next.kept = kept;
    next.revisited = it.target;
    next.blockingValues.clear();
    next.trail = frames_.back().trail;
    next.trail.record(it.stamp, toPathStep(it));
    next.trail.startFrame();
  }
  ExecutionGraph &ng = reuse ? g : next.graph;
  makeRevisitedGraph(ng, it);
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
  scheduler_.dropStaleWaits(graph());
  driver_.invalidate(it.target.thread, it.target.index);
  if (!deferralHolds(deferral_, graph(), it.target, result_, stop_)) // (its hb changed)
    return false;
  notify(it.target);
  return true;
}

void Explorer::makeRevisitedGraph(ExecutionGraph &ng, const WorkItem &it) {
  // The revisiting write's porf-prefix is never revisited again (docs/dpor.md §2, condition 2).
  const View &prefix = ng.label(it.write)->porf();
  for (ThreadId t = 0; t < ng.numThreads(); ++t)
    for (int32_t i = 0; i <= prefix.get(t) && i < ng.threadSize(t); ++i)
      ng.label(Event{t, i})->setRevisitable(false);
  ng.setRf(it.target, it.write);
  auto *r = cast<ReadLabel>(ng.label(it.target));
  r->setAddedMax(ng.coMax(r->addr()) == it.write);
  checker_->updateViews(ng, it.target);
}

} // namespace scopemc
