// Connects a ProgramRunner to the graph under exploration (stateless replay, docs/dpor.md §3):
// the runner re-runs threads from their start, events already in the graph are replayed
// with the graph's values, and the first event not in the graph becomes the thread's
// pending next event.
//
// Contract: next(t) is the event thread t adds next in the graph under exploration: a
// function of the graph (how it was computed, run or taken from the replay cache or a
// snapshot, is invisible to the caller).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "model/Errors.h"
#include "model/ExecutionGraph.h"
#include "runner/EventSink.h"

namespace scopemc {

class ThreadDriver final : public EventSink {
public:
  /// A thread's events are a function of its start and of the replies it got (replay is
  /// deterministic, EventSink.h). The driver remembers them in a trie per thread, by reply
  /// (the replay cache), and answers next() from it without running the thread when it can.
  /// `cacheLimit`: the events the tries may hold together (0: no cache); they are all
  /// dropped when they reach it, and fill again.
  /// `interrupt`: polled through interrupted() while a thread runs (may be empty).
  ThreadDriver(ProgramRunner &runner, size_t cacheLimit, std::function<bool()> interrupt = {})
      : runner_(runner), cacheLimit_(cacheLimit), interrupt_(std::move(interrupt)) {}

  /// The graph that runs replay against. Threads keep their progress: the caller then
  /// says what differs from the previous graph (invalidate, afterCut) or calls resetAll.
  void attach(ExecutionGraph &g) { g_ = &g; }
  void resetAll();
  /// Event (t, index) changed (new rf) or was removed: a thread that ran past it runs again
  /// from its latest snapshot before that event (from its start if there is none).
  void invalidate(ThreadId t, int32_t index);
  /// The graph lost events (a cut): threads that ran past their new end run again likewise.
  void afterCut();

  /// The next event thread t wants to add, or null when t has ended (its last event is a
  /// finish, block or error label).
  EventLabel *next(ThreadId t) {
    auto &s = state(t);
    if (s.pending) [[likely]]
      return s.pending.get();
    if (auto *last = g_->lastLabel(t); last && isTerminal(last))
      return nullptr;
    return computeNext(t);
  }
  /// Takes the pending next event of t (see next()).
  std::unique_ptr<EventLabel> take(ThreadId t);
  /// The value `r` reads in the attached graph.
  uint64_t readValue(const ReadLabel &r) const;

  using EventSink::offer;
  SinkReply offer(const EventLabel &label, uint32_t resumePoint) override;
  bool interrupted() override { return interrupt_ && interrupt_(); }

  /// How often next() was answered from the replay cache and by running the thread.
  struct Counts {
    uint64_t cacheHits, runs;
  };
  Counts counts() const { return {hits_, runs_}; }
  const ProgramRunner &runner() const { return runner_; }

private:
  /// The event a thread offers after the replies on the path to this node, and the nodes
  /// that follow it, by the reply it gets.
  struct ReplayNode {
    std::unique_ptr<EventLabel> label; // null until the thread has offered it
    std::vector<std::pair<uint64_t, std::unique_ptr<ReplayNode>>> next;
    ReplayNode *child(uint64_t reply) const;
  };
  /// Where a thread starts: its trie is kept across resets while the start is the same.
  struct Start {
    ThreadEntry entry;
    ThreadPos pos;
    bool operator==(const Start &) const = default;
  };
  struct ThreadState {
    bool started = false;
    int32_t pos = 0; // events the runner replayed since the thread's start
    std::unique_ptr<EventLabel> pending;
    int32_t pendingAt = -1; // the index of the pending event
    std::unique_ptr<ReplayNode> root;
    Start rootStart;
    size_t cached = 0; // nodes under root
    /// path[i]: the node of event i, for the replies events 0..i-1 have in the graph.
    std::vector<ReplayNode *> path;
    /// The runner's snapshots of this thread, by the event index each continues from
    /// (increasing; events before it are unchanged in the graph), and the runner's slot
    /// that holds it. At most kMaxSnapshots: older ones are thinned out (thin()).
    struct Snap {
      int32_t from;
      uint32_t slot;
    };
    std::vector<Snap> snaps;
    std::vector<uint32_t> freeSlots;
    uint32_t slotsUsed = 0; // slots 0 .. slotsUsed-1 exist in the runner
  };
  /// Bounds the memory snapshots take: a thread state per snapshot, whatever the length of
  /// the thread.
  static constexpr size_t kMaxSnapshots = 32;
  /// The most trie nodes one recorded event may add to reach it (record()).
  static constexpr size_t kMaxRebuild = 64;
  ThreadState &state(ThreadId t) {
    if (static_cast<size_t>(t) < threads_.size()) [[likely]]
      return threads_[static_cast<size_t>(t)];
    return grow(t);
  }
  ThreadState &grow(ThreadId t);
  /// next() of a thread with no pending event that has not ended: from the cache or a run.
  EventLabel *computeNext(ThreadId t);
  EventLabel *run(ThreadId t); // runs t until its next new event or its end
  void start(ThreadId t);      // from its latest snapshot, or from its entry
  void saveSnapshot(ThreadId t);
  static void dropSnapshot(ThreadState &s, size_t i);
  /// Drops the snapshots that continue from past event n.
  static void dropSnapshotsFrom(ThreadState &s, int32_t n) {
    while (!s.snaps.empty() && s.snaps.back().from > n)
      dropSnapshot(s, s.snaps.size() - 1);
  }
  static void thin(ThreadState &s); // every other one of the older half goes
  void reset(ThreadId t);
  /// Events from index n on changed: t continues from its latest snapshot before n.
  void rewind(ThreadId t, int32_t n);
  uint64_t replyValue(const EventLabel &lab) const;
  Start startOf(ThreadId t) const;
  void dropPending(ThreadState &s);
  /// Events from index n on may differ: the path keeps the nodes up to event n.
  static void trimPath(ThreadState &s, int32_t n);
  /// The cache node of event i of t (i at most t's length), following the graph's replies;
  /// missing nodes are made when `make`, else the answer is null.
  ReplayNode *cacheNode(ThreadId t, int32_t i, bool make);
  void record(const EventLabel &label, uint32_t resumePoint);
  void clearCache();

  ProgramRunner &runner_;
  ExecutionGraph *g_ = nullptr;
  std::vector<ThreadState> threads_;
  bool snapshots_ = true; // until the runner says it keeps none
  size_t cacheLimit_;
  std::function<bool()> interrupt_;
  size_t cached_ = 0; // nodes in all tries
  uint64_t hits_ = 0, runs_ = 0;
};

} // namespace scopemc
