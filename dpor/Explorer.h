// TruSt-style exploration (DPOR.md): every consistent execution of the program once, in
// memory polynomial in the size of one execution.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "dpor/Observer.h"
#include "dpor/Options.h"
#include "dpor/ThreadDriver.h"

namespace scopemc {

class Explorer {
public:
  Explorer(ProgramRunner &runner, ExplorationObserver &observer, ExplorationOptions opts);
  ExplorationResult run();

private:
  /// A pending alternative: applied to the graph cut back to `stamp`.
  struct WorkItem {
    enum class Kind : uint8_t { ReadFrom, CoPlacement, BackwardRevisit } kind;
    Stamp stamp;
    Event target;      // the read (ReadFrom, BackwardRevisit) or the write (CoPlacement)
    Event write;       // the write to read from (ReadFrom, BackwardRevisit)
    size_t coPos = 0;  // CoPlacement
  };
  /// One level of the recursion: a graph and the alternatives still to explore from it.
  struct Frame {
    ExecutionGraph graph;
    std::vector<WorkItem> work;
    View kept;       // a revisit frame: what it kept of its parent's graph
    Event revisited; // and the read that changed its rf
  };

  ExecutionGraph &graph() { return frames_.back().graph; }
  void pushWork(WorkItem it) { frames_.back().work.push_back(it); }

  // forward exploration
  bool runForward();                        // false: stop the whole search
  ThreadId chooseThread();
  bool isRunnable(ThreadId t);
  bool addEvent(std::unique_ptr<EventLabel> lab); // false: the graph became inconsistent
  void checkLocation(const MemAccessLabel &m) const;
  bool addRead(ReadLabel &r);
  bool isFrozenForever(const BlockLabel &b) const;
  void revisitBlockedReadsInPlace(Event w);
  bool addWrite(WriteLabel &w);
  bool finishExecution();
  bool notify(Event e);

  // backtracking
  bool backtrack();                         // false: nothing left
  void cutBackTo(Stamp s); // the graph as it was right after the event with stamp s
  bool applyReadFrom(const WorkItem &it);
  bool applyCoPlacement(const WorkItem &it);
  bool applyBackwardRevisit(const WorkItem &it);

  // revisits (Revisits.cpp)
  void pushBackwardRevisits(Event w);
  View keptView(Event r, Event w) const;
  bool isMaximalExtension(Event r, Event w, const View &kept) const;

  bool outOfTime();

  ProgramRunner &runner_;
  ExplorationObserver &observer_;
  ExplorationOptions opts_;
  std::unique_ptr<ConsistencyChecker> checker_;
  ThreadDriver driver_;
  std::vector<Frame> frames_;
  ExplorationResult result_;
  bool stop_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point lastProgress_;
};

} // namespace scopemc
