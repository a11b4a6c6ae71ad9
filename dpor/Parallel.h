// Parallel exploration (DPOR.md section 5): explorers on TBB workers split the search by
// giving away branches (a graph copy and one pending alternative). Each worker has its own
// graph, interpreter and observer; the program is shared read-only. Counts and the set of
// errors found are those of a sequential run.
#pragma once

#include <functional>
#include <memory>

#include "dpor/Explorer.h"

namespace scopemc {

struct ParallelSetup {
  unsigned workers = 2;
  /// A fresh runner of the program for one explorer (called from worker threads, one call
  /// at a time is not guaranteed: it must be thread-safe).
  std::function<std::unique_ptr<ProgramRunner>()> makeRunner;
  /// An observer for one explorer; the caller owns it and merges what the observers found.
  std::function<ExplorationObserver &()> makeObserver;
};

ExplorationResult exploreInParallel(const ParallelSetup &setup, const ExplorationOptions &opts);

} // namespace scopemc
