#include "dpor/ThreadDriver.h"

namespace scopemc {

void ThreadDriver::reset(ThreadId t) {
  auto &s = state(t);
  s.started = false;
  s.pos = 0;
  s.pending.reset();
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
  while (!s.snaps.empty() && s.snaps.back().from > n)
    dropSnapshot(s, s.snaps.size() - 1);
  s.started = false; // the next run starts from the latest snapshot left (start())
  s.pos = 0;
  s.pending.reset();
}

void ThreadDriver::resetAll() {
  for (ThreadId t = 0; t < static_cast<ThreadId>(threads_.size()); ++t)
    reset(t);
}

void ThreadDriver::invalidate(ThreadId t, int32_t index) {
  auto &s = state(t);
  if (index == 0) // a new thread in this slot, or its first event changed
    reset(t);
  else if (!s.started || index < s.pos || (s.pending && index <= s.pos))
    rewind(t, index);
}

void ThreadDriver::afterCut() {
  for (ThreadId t = 0; t < static_cast<ThreadId>(threads_.size()); ++t) {
    auto &s = threads_[static_cast<size_t>(t)];
    bool exists = t < g_->numThreads() && g_->threadExists(t);
    if (!exists)
      reset(t);
    else if (!s.started || s.pos > g_->threadSize(t))
      rewind(t, g_->threadSize(t));
    else if (s.pending && s.pos != g_->threadSize(t))
      s.pending.reset(); // the graph holds that event now: the next run replays it
  }
  // Reads the cut gave an earlier source back: threads that replayed the newer one re-run.
  for (Event r : g_->takeRestoredReads())
    invalidate(r.thread, r.index);
}

EventLabel *ThreadDriver::next(ThreadId t) {
  auto &s = state(t);
  if (s.pending)
    return s.pending.get();
  if (auto *last = g_->lastLabel(t); last && isTerminal(last))
    return nullptr;
  return run(t);
}

void ThreadDriver::start(ThreadId t) {
  auto &s = state(t);
  s.started = true;
  if (!s.snaps.empty()) {
    runner_.restoreThread(t, s.snaps.back().slot);
    s.pos = s.snaps.back().from;
    return;
  }
  ThreadEntry entry;
  if (t != 0) {
    auto *create = static_cast<const ThreadCreateLabel *>(g_->label(g_->creatorOf(t)));
    entry = create->entry();
  }
  // A restarted thread begins where it was created (its start event), not where
  // placement calls moved it later.
  ThreadPos pos = g_->threadSize(t) ? g_->label(Event{t, 0})->threadPos() : g_->threadPos(t);
  runner_.resetThread(t, entry, pos);
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
  if (!s.started)
    start(t);
  if (runner_.run(t, *this) == RunStatus::Finished)
    return nullptr;
  if (!s.pending)
    throw InternalError("thread " + std::to_string(t) + " stopped without a next event");
  saveSnapshot(t);
  return s.pending.get();
}

std::unique_ptr<EventLabel> ThreadDriver::take(ThreadId t) { return std::move(state(t).pending); }

uint64_t ThreadDriver::readValue(const ReadLabel &r) const {
  if (r.rf().isInit())
    return runner_.initialValue(r.addr(), r.size());
  return static_cast<const WriteLabel *>(g_->label(r.rf()))->value();
}

uint64_t ThreadDriver::replyValue(const EventLabel &lab) const {
  if (auto *r = dyn_cast<ReadLabel>(&lab))
    return readValue(*r);
  if (auto *c = dyn_cast<ThreadCreateLabel>(&lab))
    return static_cast<uint64_t>(c->child());
  if (auto *j = dyn_cast<ThreadJoinLabel>(&lab)) {
    auto *fin = dyn_cast<ThreadFinishLabel>(g_->lastLabel(j->child()));
    return fin ? fin->returnValue() : 0;
  }
  return 0;
}

SinkReply ThreadDriver::offer(const EventLabel &label) {
  Event e = label.pos();
  auto &s = state(e.thread);
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
  return SinkReply{SinkReply::Status::Stop, 0};
}

} // namespace scopemc
