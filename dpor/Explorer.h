// TruSt-style exploration (docs/dpor.md): every consistent execution of the program once, in
// memory polynomial in the size of one execution. The Explorer is the search itself:
// forward runs, alternatives, backward revisits and backtracking. Which thread runs next is
// the Scheduler's (Scheduler.h), dropping branches where a spin loop can never continue the
// SpinPruner's (SpinPruning.h), limits and progress the ExplorationMonitor's (Monitor.h);
// estimation (Estimate.h) and parallel work sharing (Parallel.h) sit on the public interface.
//
// Contract (docs/dpor.md §7 checks it): with the reductions off, every consistent execution of
// the program is explored exactly once (complete, or blocked where no thread can continue),
// and only consistent ones; the counts do not depend on the runner's speed, the cache or the
// seed of the thread choice. With a reduction on, a subset is explored with the same errors and
// final states (docs/symmetry.md, docs/commuting.md). Memory stays polynomial in the size of one
// execution: the graph, the path of pending alternatives, no set of visited executions.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "dpor/Commuting.h"
#include "dpor/Deferral.h"
#include "dpor/Monitor.h"
#include "dpor/Observer.h"
#include "dpor/Options.h"
#include "dpor/Path.h"
#include "dpor/Revisits.h"
#include "dpor/Scheduler.h"
#include "dpor/SpinPruning.h"
#include "dpor/Symmetry.h"
#include "dpor/ThreadDriver.h"

namespace scopemc {

class Explorer {
public:
  /// A pending alternative: applied to the graph cut back to `stamp`.
  struct WorkItem {
    using Kind = AlternativeKind;
    Kind kind;
    Stamp stamp;
    Event target;     // the read (ReadFrom, BackwardRevisit), the write (CoPlacement) or the
                      // barrier departure (Election)
    Event write;      // the write to read from (ReadFrom, BackwardRevisit)
    size_t coPos = 0; // CoPlacement; the serial thread (Election, dpor/Election.h)
  };
  /// A part of the search another Explorer can take over: a graph and one alternative of
  /// it. The graph is cut back to the alternative's stamp when it is applied.
  struct Branch {
    ExecutionGraph graph;
    WorkItem item;
    /// How the graph was reached from the program's start (dpor/Path.h): what another
    /// process replays (Replay::rebuild) instead of receiving the graph.
    std::vector<PathStep> trail;
  };
  /// Search paths of this explorer (dpor/Replay.h): the path to its graph, and graphs other
  /// processes reached rebuilt from their paths.
  class Replay;
  /// How an Explorer takes part in a search shared by several (dpor/Parallel.h).
  struct Sharing {
    /// Called between executions: may take branches away (splitOff) for other explorers.
    std::function<void(Explorer &)> betweenExecutions;
    SharedProgress progress;                     // the stop flag and progress of all explorers
    std::chrono::steady_clock::time_point start; // of the whole search (for the timeout)
  };

  Explorer(ProgramRunner &runner, ExplorationObserver &observer, ExplorationOptions opts,
           const Sharing *sharing = nullptr);
  /// Explores from the program's start.
  ExplorationResult run();
  /// Explores one branch given away by another Explorer (the same program and options).
  ExplorationResult run(Branch branch);
  /// Takes the largest part of the search left away from this explorer (the oldest
  /// alternative of the lowest frame), which then never explores it; none when nothing is left.
  std::optional<Branch> splitOff();

  /// Walking down the search tree without backtracking (estimation, Estimate.h). A node is
  /// a graph; its children are the continuation (adding the next event, when that keeps
  /// the graph consistent) and the alternatives the step pushed.
  struct Step {
    bool ended = false;    // no thread could add an event: the execution was finished
    bool complete = false; // ended, and no thread was blocked
    bool consistent = false;
    std::vector<WorkItem> alternatives;
  };
  void startWalk(); // a fresh graph at the program's start (the first starts the clock)
  Step step();      // adds the next event, or ends the execution
  Step takeAlternative(WorkItem item); // one of the last step's alternatives instead
  bool stopped() const { return stop_; }

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
    Trail trail; // the alternatives applied to reach the graph (dpor/Path.h)
  };

  ExecutionGraph &graph() { return frames_.back().graph; }
  void pushWork(WorkItem it) { frames_.back().work.push_back(it); }
  void begin(Frame root); // a search (or walk) from this graph alone
  ExplorationResult explore(bool fromBranch);
  Step stepResult(bool consistent);

  // forward exploration
  bool runForward();                              // false: stop the whole search
  bool addEvent(std::unique_ptr<EventLabel> lab); // false: the graph became inconsistent
  enum class ReadAdded : uint8_t { Consistent, Inconsistent, Postponed };
  ReadAdded addRead(ReadLabel &r);
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
  bool applyWorkItem(const WorkItem &it);
  bool applyReadFrom(const WorkItem &it);
  bool applyCoPlacement(const WorkItem &it);
  bool applyBackwardRevisit(const WorkItem &it);
  /// The graph of a backward revisit: the current one restricted to `kept`, with the
  /// revisited read reading the write.
  void makeRevisitedGraph(ExecutionGraph &ng, const WorkItem &it);

  /// The backward revisits of the write w just added, as work (Revisits.h).
  void pushBackwardRevisits(Event w) {
    for (Event r : revisitedReads(graph(), w, *checker_))
      pushWork(WorkItem{WorkItem::Kind::BackwardRevisit, graph().label(w)->stamp(), r, w});
  }

  /// Polls the monitor (sets stop_ and the result's reason), and warns once when the
  /// execution has grown past opts_.longExecutionEvents (never stops for it).
  bool limitReached();

  ProgramRunner &runner_;
  ExplorationObserver &observer_;
  ExplorationOptions opts_;
  Reductions reductions_; // the runner's (ProgramRunner::reductions)
  const Sharing *sharing_;
  std::unique_ptr<ConsistencyChecker> checker_;
  ThreadDriver driver_;
  Scheduler scheduler_;
  SpinPruner spins_;
  Persistence persistence_; // shared by the two reductions below
  SymmetryPruner symmetry_;
  CommutingPruner commuting_;
  DeferredUpdates deferral_;
  ExecutionGraph::InitialValues initialValues_; // the runner's, for deferred updates
  ExplorationMonitor monitor_;
  std::vector<Frame> frames_;
  Frame spare_; // a finished revisit frame, whose storage the next one reuses
  ExplorationResult result_;
  // Reused buffers of addRead and addWrite (neither runs inside the other).
  std::vector<Event> rfScratch_;
  std::vector<size_t> coScratch_;
  std::vector<ThreadId> electScratch_; // addEvent's serial-thread alternatives
  bool stop_ = false;
  bool quiet_ = false;          // a replay (Replay.h): the observer is told nothing
  bool warnedLong_ = false;     // the long-execution warning was given (limitReached)
  uint64_t ticks_ = 0;          // events added: limits are checked every 1024
  uint64_t backtrackTicks_ = 0; // alternatives taken: limits are checked every 256
};

} // namespace scopemc
