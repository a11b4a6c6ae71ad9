#include "dpor/ThreadDriver.h"

#include "model/Collective.h"

namespace scopemc {

ThreadDriver::ThreadState &ThreadDriver::grow(ThreadId t) {
  threads_.resize(static_cast<size_t>(t) + 1);
  return threads_.back();
}

void ThreadDriver::reset(ThreadId t) {
  auto &s = state(t);
  s.started = false;
  s.pos = 0;
  dropPending(s);
  s.path.clear(); // the trie stays while the thread's start stays the same (cacheNode)
  s.snaps.clear();
  s.freeSlots.clear();
  s.slotsUsed = 0; // every slot is free again
}

void ThreadDriver::dropSnapshot(ThreadState &s, size_t i) {
  s.freeSlots.push_back(s.snaps[i].slot);
  s.snaps.erase(s.snaps.begin() + static_cast<long>(i));
}

void ThreadDriver::thin(ThreadState &s) {
  // Rewinds mostly go back a few events: recent snapshots stay dense, older ones sparse.
  for (auto i = static_cast<long>(s.snaps.size() / 2); i >= 1; i -= 2)
    dropSnapshot(s, static_cast<size_t>(i));
}

void ThreadDriver::rewind(ThreadId t, int32_t n) {
  auto &s = state(t);
  dropSnapshotsFrom(s, n);
  s.started = false; // the next run starts from the latest snapshot left (start())
  s.pos = 0;
  dropPending(s);
  trimPath(s, n);
}

void ThreadDriver::dropPending(ThreadState &s) {
  s.pending.reset();
  s.pendingAt = -1;
}

void ThreadDriver::trimPath(ThreadState &s, int32_t n) {
  if (s.path.size() > static_cast<size_t>(n) + 1)
    s.path.resize(static_cast<size_t>(n) + 1);
}

void ThreadDriver::resetAll() {
  for (ThreadId t = 0; t < static_cast<ThreadId>(threads_.size()); ++t)
    reset(t);
}

void ThreadDriver::invalidate(ThreadId t, int32_t index) {
  auto &s = state(t);
  if (index == 0) { // a new thread in this slot, or its first event changed
    reset(t);
    return;
  }
  // A runner stopped before event `index` still holds: it replays the new reply.
  if (!s.started || index < s.pos)
    rewind(t, index);
  if (s.pending && index <= s.pendingAt)
    dropPending(s);
  trimPath(s, index);
}

void ThreadDriver::afterCut() {
  for (ThreadId t = 0; t < static_cast<ThreadId>(threads_.size()); ++t) {
    auto &s = threads_[static_cast<size_t>(t)];
    bool exists = t < g_->numThreads() && g_->threadExists(t);
    if (!exists) {
      reset(t);
      continue;
    }
    int32_t size = g_->threadSize(t);
    if (s.started && s.pos > size) {
      rewind(t, size);
    } else if (!s.started) { // its pending event (from the cache) holds if it is still next
      dropSnapshotsFrom(s, size);
    }
    if (s.pending && s.pendingAt != size)
      dropPending(s); // lost, or the graph holds that event now
    trimPath(s, size);
  }
}

EventLabel *ThreadDriver::computeNext(ThreadId t) {
  auto &s = state(t);
  int32_t at = g_->threadSize(t);
  if (ReplayNode *n = cacheNode(t, at, false); n && n->label) {
    // Answered from the cache: the runner stays where it is and replays up to here only
    // when the thread meets an event the cache does not know.
    ++hits_;
    s.pending = n->label->clone();
    s.pendingAt = at;
    return s.pending.get();
  }
  return run(t);
}

ThreadDriver::ReplayNode *ThreadDriver::ReplayNode::child(uint64_t reply) const {
  for (auto &[r, n] : next)
    if (r == reply)
      return n.get();
  return nullptr;
}

ThreadDriver::Start ThreadDriver::startOf(ThreadId t) const {
  Start st;
  if (t != 0)
    st.entry = cast<ThreadCreateLabel>(g_->label(g_->creatorOf(t)))->entry();
  // A restarted thread begins where it was created (its start event), not where
  // placement calls moved it later.
  st.pos = g_->threadSize(t) ? g_->label(Event{t, 0})->threadPos() : g_->threadPos(t);
  return st;
}

ThreadDriver::ReplayNode *ThreadDriver::cacheNode(ThreadId t, int32_t i, bool make) {
  if (cacheLimit_ == 0)
    return nullptr;
  auto &s = state(t);
  if (s.path.empty()) {
    Start st = startOf(t);
    if (!s.root || !(s.rootStart == st)) {
      if (!make)
        return nullptr;
      cached_ -= s.cached;
      s.root = std::make_unique<ReplayNode>();
      s.rootStart = st;
      s.cached = 1;
      ++cached_;
    }
    s.path.push_back(s.root.get());
  }
  while (s.path.size() <= static_cast<size_t>(i)) {
    int32_t j = static_cast<int32_t>(s.path.size()) - 1;
    uint64_t reply = replyValue(*g_->label(Event{t, j}));
    ReplayNode *n = s.path.back()->child(reply);
    if (!n) {
      if (!make)
        return nullptr;
      s.path.back()->next.emplace_back(reply, std::make_unique<ReplayNode>());
      n = s.path.back()->next.back().second.get();
      ++s.cached;
      ++cached_;
    }
    s.path.push_back(n);
  }
  return s.path[static_cast<size_t>(i)];
}

void ThreadDriver::record(const EventLabel &label, uint32_t resumePoint) {
  // Events deeper than half the cache are not kept: the path to one is as long as its index,
  // so after each clear it would be rebuilt whole, and a thread longer than the cache would
  // clear it at every event (a cost quadratic in the thread's length).
  if (cacheLimit_ == 0 || static_cast<size_t>(label.index()) >= cacheLimit_ / 2)
    return;
  if (cached_ >= cacheLimit_)
    clearCache();
  // Nor is an event whose path would have to be rebuilt from far back (after a clear, many
  // long threads would each rebuild theirs): the thread's cache starts again at its next
  // reset.
  if (static_cast<size_t>(label.index()) > state(label.thread()).path.size() + kMaxRebuild)
    return;
  if (ReplayNode *n = cacheNode(label.thread(), label.index(), true); n && !n->label) {
    n->label = label.clone();
    n->label->setResumePoint(resumePoint);
  }
}

void ThreadDriver::clearCache() {
  for (auto &s : threads_) {
    s.root.reset();
    s.path.clear();
    s.cached = 0;
  }
  cached_ = 0;
}

void ThreadDriver::start(ThreadId t) {
  auto &s = state(t);
  s.started = true;
  if (!s.snaps.empty()) {
    runner_.restoreThread(t, s.snaps.back().slot);
    s.pos = s.snaps.back().from;
    return;
  }
  Start st = startOf(t);
  runner_.resetThread(t, st.entry, st.pos);
  s.pos = 0;
}

void ThreadDriver::saveSnapshot(ThreadId t) {
  // One snapshot per stopping point at a read or a join: a rewind mostly lands on a read
  // given another source or on a join a cut removed, and a cut elsewhere replays the few
  // events since the snapshot before it. A thread stopped again where it last stopped (a cut
  // dropped its pending event) has it already.
  auto &s = state(t);
  if (!snapshots_ || (!s.snaps.empty() && s.snaps.back().from >= s.pos) ||
      !(isa<ReadLabel>(s.pending.get()) || isa<ThreadJoinLabel>(s.pending.get())))
    return;
  // A state that costs more to copy than the events since the last snapshot (or the thread's
  // start) cost to replay waits (ProgramRunner::snapshotCost): a short thread, like most
  // threads of a grid, is replayed from its start and keeps no copy of its state.
  if (static_cast<size_t>(s.pos - (s.snaps.empty() ? 0 : s.snaps.back().from)) <
      runner_.snapshotCost(t))
    return;
  if (s.snaps.size() >= kMaxSnapshots)
    thin(s);
  uint32_t slot = s.slotsUsed;
  if (!s.freeSlots.empty()) {
    slot = s.freeSlots.back();
    s.freeSlots.pop_back();
  } else {
    ++s.slotsUsed;
  }
  int32_t from = runner_.saveThread(t, slot);
  if (from < 0)
    snapshots_ = false;
  else if (from > 0 && (s.snaps.empty() || from > s.snaps.back().from))
    s.snaps.push_back({from, slot}); // from 0 the thread may be a different one (a reused slot)
  else
    s.freeSlots.push_back(slot);
}

EventLabel *ThreadDriver::run(ThreadId t) {
  auto &s = state(t);
  ++runs_;
  if (!s.started)
    start(t);
  if (runner_.run(t, *this) == RunStatus::Finished)
    return nullptr;
  if (!s.pending)
    throw InternalError("thread " + std::to_string(t) + " stopped without a next event");
  saveSnapshot(t);
  return s.pending.get();
}

std::unique_ptr<EventLabel> ThreadDriver::take(ThreadId t) {
  auto &s = state(t);
  s.pendingAt = -1;
  return std::move(s.pending);
}

uint64_t ThreadDriver::readValue(const ReadLabel &r) const {
  if (r.rf().isInit())
    return runner_.initialValue(r.addr(), r.size());
  return cast<WriteLabel>(g_->label(r.rf()))->value();
}

uint64_t ThreadDriver::replyValue(const EventLabel &lab) const {
  if (auto *r = dyn_cast<ReadLabel>(&lab))
    return readValue(*r);
  if (auto *c = dyn_cast<ThreadCreateLabel>(&lab))
    return static_cast<uint64_t>(c->child());
  if (auto *a = dyn_cast<BarrierArriveLabel>(&lab))
    return a->instance();
  if (auto *d = dyn_cast<BarrierDepartLabel>(&lab))
    return d->isCollective()
               ? collectiveResult(*g_, *d)
               : (d->serial() == d->thread() ? 1 : 0) | (completesIdleRound(*g_, *d) ? 2 : 0);
  if (auto *j = dyn_cast<ThreadJoinLabel>(&lab)) {
    auto *fin = dyn_cast<ThreadFinishLabel>(g_->lastLabel(j->child()));
    return fin ? fin->returnValue() : 0;
  }
  return 0;
}

SinkReply ThreadDriver::offer(const EventLabel &label, uint32_t resumePoint) {
  Event e = label.pos();
  auto &s = state(e.thread);
  record(label, resumePoint);
  if (g_->contains(e)) {
    const EventLabel *lab = g_->label(e);
    if (lab->kind() != label.kind())
      throw InternalError("replay diverged at " + toString(e) + ": graph has '" + describe(*lab) +
                          "', program offers '" + describe(label) + "' (" +
                          toString(label.source()) + ")");
    s.pos = e.index + 1;
    return SinkReply{SinkReply::Status::Replayed, replyValue(*lab)};
  }
  s.pos = e.index;
  s.pending = label.clone();
  s.pending->setResumePoint(resumePoint);
  s.pendingAt = e.index;
  return SinkReply{SinkReply::Status::Stop, 0};
}

} // namespace scopemc
