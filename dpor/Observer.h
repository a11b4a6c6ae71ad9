// What the exploration tells the bug checks (checks/ implements it).
//
// Contract: the exploration calls an observer on consistent graphs only, from the one thread
// that runs its explorer; onEvent for every event added (or read given a new source) in the
// order the search makes them, onExecutionEnd once per maximal execution (complete or
// blocked) it explores, with the graph as it is then. The graph is only valid during the call.
// Returning false stops the search (the result says it stopped early); an observer never
// changes what is explored otherwise.
#pragma once

#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

/// Why a thread has no next event at the end of an execution.
struct ThreadEndState {
  enum class Kind : uint8_t { Finished, Errored, Blocked, WaitingJoin, WaitingBarrier } kind;
  ThreadId waitingFor = -1;            // WaitingJoin: the thread it waits for
  const EventLabel *pending = nullptr; // WaitingBarrier: the departure it cannot take
  /// Blocked by a spin loop whose reads got the latest write of their locations, or one that
  /// only the blocked iteration's own write-backs follow in co (an exchange spin). When every
  /// blocked thread is so (no thread adds events any more: no newer value comes), none of them
  /// ever leaves its loop, even under fair scheduling: they never arrive anywhere again.
  bool forGood = false;
};

class ExplorationObserver {
public:
  virtual ~ExplorationObserver() = default;
  /// `e` was added to `g` (or, a read, got a new rf). Returns false to stop the search.
  virtual bool onEvent(const ExecutionGraph &g, Event e) = 0;
  /// No thread of `g` can continue. `threads[t]` says why for each thread.
  /// Returns false to stop the search.
  virtual bool onExecutionEnd(const ExecutionGraph &g,
                              const std::vector<ThreadEndState> &threads) = 0;
  /// How many distinct errors it has found so far (0 for an observer that finds none): a
  /// distributed search sends the path of each new one to the process that reports.
  virtual size_t findings() const { return 0; }
};

} // namespace scopemc
