// TruSt-style exploration (DPOR.md): every consistent execution of the program once, in
// memory polynomial in the size of one execution.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "dpor/Monitor.h"
#include "dpor/Observer.h"
#include "dpor/Options.h"
#include "dpor/ThreadDriver.h"

namespace scopemc {

class Explorer {
public:
  /// A pending alternative: applied to the graph cut back to `stamp`.
  struct WorkItem {
    enum class Kind : uint8_t { ReadFrom, CoPlacement, BackwardRevisit, InPlace } kind;
    Stamp stamp;
    Event target;       // the read (ReadFrom, BackwardRevisit, InPlace) or the write (CoPlacement)
    Event write;        // the write to read from (ReadFrom, BackwardRevisit, InPlace)
    size_t coPos = 0;   // CoPlacement
    uint64_t reads = 0; // InPlace: which of the write's tookInPlace() reads read it (bit i)
  };
  /// A part of the search another Explorer can take over: a graph and one alternative of
  /// it. The graph is cut back to the alternative's stamp when it is applied.
  struct Branch {
    ExecutionGraph graph;
    WorkItem item;
  };
  /// How an Explorer shares its search with others (parallel exploration, dpor/Parallel.h).
  struct Sharing {
    std::function<bool()> wanted;       // called between executions: should a branch be given away?
    std::function<void(Branch)> donate; // takes the branch given away
    std::atomic<bool> *stop = nullptr;  // set by any explorer that stops the whole search
    std::chrono::steady_clock::time_point start; // of the whole search (for the timeout)
    std::atomic<uint64_t> *finished = nullptr;   // executions of all explorers (for progress)
    std::atomic<int64_t> *lastPrintMs = nullptr; // when some explorer last printed progress
  };

  Explorer(ProgramRunner &runner, ExplorationObserver &observer, ExplorationOptions opts,
           const Sharing *sharing = nullptr);
  /// Explores from the program's start.
  ExplorationResult run();
  /// Explores one branch given away by another Explorer (the same program and options).
  ExplorationResult run(Branch branch);

  /// Knuth's estimator (DPOR.md §6): `samples` random paths from the root to a leaf of the
  /// search tree, each weighted by the product of the branching factors along it. The means
  /// estimate the numbers of complete and blocked executions. Use a fresh Explorer.
  struct Estimate {
    double complete = 0, blocked = 0;
    unsigned samples = 0;
    unsigned reached = 0; // samples that reached an execution (the others hit a dropped branch)
    double seconds = 0;
  };
  Estimate estimate(unsigned samples, uint64_t seed);

private:
  /// One level of the recursion: a graph and the alternatives still to explore from it.
  struct Frame {
    ExecutionGraph graph;
    std::vector<WorkItem> work;
    View kept;       // a revisit frame: what it kept of its parent's graph
    Event revisited; // and the read that changed its rf
    /// Values that block a read's thread at once when an alternative gives them to it, by
    /// the read's stamp (applyReadFrom). Valid while the read stays: cuts drop the later ones.
    std::vector<std::pair<Stamp, uint64_t>> blockingValues;
  };

  ExecutionGraph &graph() { return frames_.back().graph; }
  void pushWork(WorkItem it) { frames_.back().work.push_back(it); }

  // forward exploration
  bool runForward(); // false: stop the whole search
  ThreadId chooseThread();
  ThreadId chooseThreadScan(); // chooseThread without the shortcut
  bool leavesOthersAsTheyWere(const EventLabel &e) const;
  bool isRunnable(ThreadId t);
  bool addEvent(std::unique_ptr<EventLabel> lab); // false: the graph became inconsistent
  void checkLocation(const MemAccessLabel &m) const;
  enum class ReadAdded : uint8_t { Consistent, Inconsistent, Postponed };
  ReadAdded addRead(ReadLabel &r);
  bool waitsOnCoMax(const ReadLabel &r);
  bool isWaiting(ThreadId t) const;
  void dropStaleWaits(); // after a cut or a restriction
  // blocked threads that can never continue (Blocked.cpp)
  bool isFrozenForever(const BlockLabel &b) const;
  bool frozenAfterRmw(const WriteLabel &w);
  bool someThreadBlockedForGood();
  /// False: `holdOut` is a thread that must add events before the answer can change (-1: none
  /// can change it before the next backtracking step).
  bool isBlockedForGood(ThreadId t, ThreadId &holdOut);
  void recheckBlocked(); // the graph changed other than by adding an event
  bool isPinned(const ReadLabel &q) const;
  /// What every event added from now on must depend on for a blocked thread to stay blocked.
  struct Anchors {
    ThreadId blocked;
    Event lastRead;                // the blocked thread's last read
    std::span<const Event> writes; // co-after the sources of all its open reads
    bool heldBy(const EventLabel &l) const;
  };
  ThreadId holdOutOf(ThreadId u, const Anchors &d);
  ThreadId joinHoldOut(ThreadId u, const Anchors &d, int depth);
  bool isBlockedAwait(Event r) const;
  void revisitBlockedReadsInPlace(Event w);
  bool takeInPlace(Event r, Event w, bool addedMax);
  void pushInPlaceBranches(Event w, Stamp stamp, uint64_t taken);
  bool catchUpBlockedAwait(const BlockLabel &b);
  bool addWrite(WriteLabel &w);
  bool finishExecution();
  bool notify(Event e);

  // backtracking
  bool backtrack(); // false: nothing left
  /// Tells the driver which threads run again when `child` returns to its parent's graph.
  void rerunOnReturn(const Frame &child, const ExecutionGraph &parent);
  /// A revisit applied in place to a frame with no work left: what the frame keeps of its
  /// parent shrinks to what both levels kept.
  void mergeIntoFrame(const View &kept, Event revisited);
  void cutBackTo(Stamp s); // the graph as it was right after the event with stamp s
  bool applyReadFrom(const WorkItem &it);
  bool applyCoPlacement(const WorkItem &it);
  bool applyBackwardRevisit(const WorkItem &it);
  bool applyInPlace(const WorkItem &it);

  // revisits (Revisits.cpp)
  void pushBackwardRevisits(Event w, bool skipBlockedAwaits = false);
  View keptView(Event r, Event w) const;
  bool isMaximalExtension(Event r, Event w, const View &kept) const;

  bool limitReached(); // polls the monitor; sets stop_ and the result's reason
  /// Warns once when the execution has grown past opts_.longExecutionEvents (never stops it).
  bool checkLongExecution();
  // estimation (Estimate.cpp)
  double randomPath(uint64_t &rng, bool &complete);
  bool applyWorkItem(const WorkItem &it);
  ExplorationResult explore(bool fromBranch);
  void giveAwayBranch();

  ProgramRunner &runner_;
  ExplorationObserver &observer_;
  ExplorationOptions opts_;
  const Sharing *sharing_;
  std::unique_ptr<ConsistencyChecker> checker_;
  ThreadDriver driver_;
  std::vector<Frame> frames_;
  Frame spare_; // a finished revisit frame, whose storage the next one reuses
  ExplorationResult result_;
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
  /// The thread of the last event added or given a new source: the only one that can have
  /// an RMW read without its write half (chooseThread).
  ThreadId lastChanged_ = -1;
  /// The thread runForward just added an event to, when it was picked as the first runnable
  /// one and the event leaves every other thread as it was (chooseThread); else -1.
  ThreadId stillFirst_ = -1;
  /// Threads below it are not runnable in the current graph (chooseThreadScan).
  ThreadId scanFrom_ = 0;
  ThreadId lowestAffected(const EventLabel &e);
  /// The last choice was the first runnable thread that does not wait (not an RMW's write
  /// half, not a waiting thread run as the last resort): if its read turns out to wait, it is
  /// postponed and chooseThread picks again (a waiting thread runs only as a last resort).
  bool pickedFirst_ = false;
  /// False only while no thread of the graph is known to be blocked by a spin loop: set by
  /// a block added and by every backtracking step, cleared by someThreadBlockedForGood.
  bool maybeSpinBlocked_ = true;
  /// Threads the last failed check of someThreadBlockedForGood waits for, with their sizes
  /// then (thread -1: the answer cannot change); cleared with maybeSpinBlocked_ set.
  struct HoldOut {
    ThreadId thread;
    int32_t size;
  };
  std::vector<HoldOut> holdOuts_;
  // Reused buffers of addRead and addWrite (neither runs inside the other).
  std::vector<Event> rfScratch_;
  std::vector<size_t> coScratch_;
  bool stop_ = false;
  bool warnedLong_ = false;    // the long-execution warning was given (checkLongExecution)
  uint64_t ticks_ = 0;         // events added: limits are checked every 1024
  ExplorationMonitor monitor_; // time and memory limits, progress
};

} // namespace scopemc
