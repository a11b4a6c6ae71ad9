// Which thread adds the next event (docs/dpor.md §2): a function of the graph only, as the revisit
// conditions require. The scheduler also postpones awaits that would block on the co-maximal
// write (ExplorationOptions::postponeWaitingAwaits): a choice of the next thread only, the
// complete executions explored are the same (fewer blocked ones are made).
//
// Contract: which thread's event is added next is a function of the graph and the seed (so
// replay, Path.h, reaches the same graph), provided the caller reports every change: added()
// after adding the event of the thread choose() gave, changed() for each event added or read
// given a new source, graphChanged() before choosing after any other change, and alternativeFor,
// dropStaleWaits or clearWaits as threads lose events. What the scheduler keeps is a cache of what
// the graph decides (a build with SCOPEMC_CHECK_STICKY aborts when a shortcut disagrees with a full
// scan); a waiting thread not yet found out may be chosen once, its read then taken back
// (postpone). choose() gives -1 only when no thread can add an event. One per explorer, not
// thread-safe; the driver must outlive it, and asking it may run threads (ThreadDriver::next).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "dpor/ThreadDriver.h"

namespace scopemc {

class Scheduler {
public:
  struct Options {
    std::optional<uint64_t> seed; // none: the lowest runnable thread first
    bool postponeWaitingAwaits = true;
    /// A thread whose next event is an RMW that commutes (RmwInfo::commutes) on a location
    /// where another thread has one runs first (Reductions::commutingUpdates).
    bool settleCommuting = false;
    /// A thread of a symmetry class (ThreadEntry::symmetry) that has made no event but its
    /// start, and whose first is an RMW or a read of an input (a location its code never
    /// writes after it), runs first (Reductions::symmetry): the first events of
    /// interchangeable threads are added before any of them goes on, so that revisits among
    /// them find nothing else open (docs/symmetry.md, "Settled starts").
    bool settleClassStarts = false;
  };
  Scheduler(ThreadDriver &driver, Options opts) : driver_(driver), opts_(opts) {}

  /// The thread to add the next event of g, or -1 when none can (the execution ends). A
  /// thread that waits (postponed) runs only when every runnable thread waits.
  ThreadId choose(const ExecutionGraph &g);
  /// Whether t's next event can be added to g now (a join of a finished thread, a barrier
  /// departure of a complete instance, anything else that is pending).
  bool isRunnable(const ExecutionGraph &g, ThreadId t);

  /// The graph changed other than by adding events (a cut, an alternative): the shortcuts
  /// of choose() start over.
  void graphChanged() {
    stillFirst_ = -1;
    scanFrom_ = 0;
    unstartedFrom_ = 0;
    quietRun_ = {-1, -1};
    finishedNext_.clear();
  }
  /// `t`, the thread choose() returned, now has `grown` more events in g (1: the one added).
  void added(const ExecutionGraph &g, ThreadId t, int32_t grown);
  /// Thread t got an event or a new source: only it can have an RMW read without its write
  /// half, which must come next.
  void changed(ThreadId t) { lastChanged_ = t; }
  /// An RMW of the mark (RmwInfo::commutes) was added: settleCommuting starts looking.
  void sawCommuting() { sawCommuting_ = true; }

  /// Read r, just added to g reading the co-maximal write, is an await that blocks its
  /// thread, and its thread was not picked as the last resort: the thread is recorded as
  /// waiting until the location gets a new co-maximal write. The caller takes the read back.
  bool postpone(const ExecutionGraph &g, const ReadLabel &r);
  /// An alternative changes thread t: its waiting record goes.
  void alternativeFor(ThreadId t) {
    if (static_cast<size_t>(t) < waiting_.size())
      waiting_[static_cast<size_t>(t)] = Waiting{};
  }
  /// The graph lost events: records of threads that lost events, or whose write went, go.
  void dropStaleWaits(const ExecutionGraph &g);
  void clearWaits() { waiting_.clear(); }

private:
  ThreadId scan(const ExecutionGraph &g); // choose() without the shortcut
  /// The settleCommuting choice, or -1.
  ThreadId commutingPartner(const ExecutionGraph &g);
  /// The settleClassStarts choice, or -1.
  ThreadId unstartedClassThread(const ExecutionGraph &g);
  /// Whether lastChanged_ has an RMW's read half without its write half (which comes next).
  bool pendingWriteHalf(const ExecutionGraph &g);
  bool isWaiting(const ExecutionGraph &g, ThreadId t) const;
  bool leavesOthersAsTheyWere(const EventLabel &e) const;
  ThreadId lowestAffected(const ExecutionGraph &g, const EventLabel &e) const;
  bool waitsOnCoMax(const ReadLabel &r);

  ThreadDriver &driver_;
  Options opts_;
  /// Threads whose next event is an await read that blocks on the co-maximal write `onWrite`
  /// (found by adding the read, then taken back). A record holds while the thread keeps its
  /// length and `onWrite` stays co-maximal (isWaiting); an alternative clears the record of
  /// its target's thread, a cut or restriction those of threads that lost events or whose
  /// write it removed (dropStaleWaits), returning from a revisit frame clears all.
  struct Waiting {
    int32_t index = -1; // the read's index in its thread
    Addr addr = 0;
    Event onWrite;
  };
  std::vector<Waiting> waiting_;
  /// The thread of the last event added or given a new source (changed()).
  ThreadId lastChanged_ = -1;
  bool sawCommuting_ = false; // an RMW of the mark was ever added (before: none is in a graph)
  /// A thread was ever found waiting at a convergence barrier (model/BarrierKeys.h): then
  /// any arrival may let it go (lowestAffected).
  bool sawConvergence_ = false;
  /// The thread the last event went to, when it was picked as the first runnable one and
  /// the event leaves every other thread as it was; else -1.
  ThreadId stillFirst_ = -1;
  /// Threads below it are not runnable in the current graph (scan).
  ThreadId scanFrom_ = 0;
  /// The last choice was the first runnable thread that does not wait (not an RMW's write
  /// half, not a waiting thread run as the last resort).
  bool pickedFirst_ = false;
  /// The last choice was unstartedClassThread's (its await may be postponed like the first
  /// runnable thread's).
  bool pickedUnstarted_ = false;
  /// Threads below it have made more than their start or have no symmetry key, in the graph
  /// of the last unstartedClassThread scan (graphChanged resets it).
  ThreadId unstartedFrom_ = 0;
  /// Started members of one class, [first, second), whose first events after their starts do
  /// not settle early: unstartedClassThread skips them (graphChanged forgets them).
  std::pair<ThreadId, ThreadId> quietRun_{-1, -1};
  ThreadId quietRunEnd(const ExecutionGraph &g, ThreadId t);
  /// Threads the scan found finished, linked to a later thread: a finished thread stays so
  /// until the graph changes (graphChanged forgets them), and the scan skips runs of them (a
  /// host joining a large grid would read every finished thread at each join).
  std::vector<ThreadId> finishedNext_;
  ThreadId pastFinished(ThreadId t, ThreadId n);
  void noteFinished(ThreadId t);
};

} // namespace scopemc
