// Replaying search paths (dpor/Path.h) in an explorer: the distributed search
// (docs/distributed.md) sends paths between processes instead of graphs.
#pragma once

#include <optional>
#include <stdexcept>

#include "dpor/Explorer.h"

namespace scopemc {

/// A path did not lead where it said: the process that made it runs another program or
/// other options, or the exploration is not the function of the graph it must be.
struct ReplayDiverged : std::runtime_error {
  using std::runtime_error::runtime_error;
};

PathStep toPathStep(const Explorer::WorkItem &it);
/// The alternative `s` names, stamped in graph `g` (its event must be in g).
Explorer::WorkItem toWorkItem(const PathStep &s, const ExecutionGraph &g);

/// Contract: replaying a path of a process with the same program and exploration options
/// gives the graph that process had there, event for event (positions, rf, co, the
/// flags the revisit conditions read); the observer is told nothing on the way.
class Explorer::Replay {
public:
  explicit Replay(Explorer &ex) : ex_(ex) {}
  /// The path to the explorer's current graph: `e` an event the observer was just told
  /// about; none, the execution that just ended.
  SearchPath here(std::optional<Event> e) const;
  /// The branch `path` (End::Alternative) names, ready for Explorer::run(Branch). Throws
  /// ReplayDiverged, or RunInterrupted when a limit stops the explorer on the way.
  Branch rebuild(const SearchPath &path);
  /// Replays `path` (End::Event or End::Execution) and tells the observer about its last
  /// event, or ends its execution (onExecutionEnd): the observer sees what the process that
  /// made the path saw there. Throws as rebuild.
  void reproduce(const SearchPath &path);

private:
  void replaySteps(const SearchPath &path);
  /// Adds events as a forward run would until event x exists (none: until no thread can
  /// add one, the end of the execution).
  void advanceTo(std::optional<Event> x);

  Explorer &ex_;
};

} // namespace scopemc
