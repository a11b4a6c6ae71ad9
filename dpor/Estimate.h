// Knuth's estimator of the size of the search (docs/dpor.md §6), on the Explorer's public walk.
//
// Contract: estimateSearch drives `explorer` through startWalk, step and takeAlternative only,
// so the caller gives it an explorer of its own, whose observer is told every event and
// execution end of the paths (Session.cpp gives one that ignores them). The paths drawn are a
// function of the seed and the program (the walk is a function of the graph): the same seed
// gives the same figures, but the seconds, when nothing stops it early. `samples` counts the paths
// drawn, fewer than asked once `stop`, a limit of the explorer or its observer stopped it; a path
// that ends in a dropped branch counts 0. `failure` is never set here (a distributed backend sets
// it, Parallel.h); an exception other than a limit's interruption (e.g. UnsupportedProgram) goes to
// the caller.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "dpor/Explorer.h"

namespace scopemc {

struct SearchEstimate {
  double complete = 0, blocked = 0; // estimated numbers of complete and blocked executions
  unsigned samples = 0;
  unsigned reached = 0; // samples that reached an execution (the others hit a dropped branch)
  double seconds = 0;
  /// Non-empty: the estimate could not be made (why); the figures are then not to be shown.
  std::string failure;
};

/// `samples` random paths from the root of the search tree to a leaf, each weighted by the
/// product of the numbers of children along it; the means estimate the numbers of complete
/// and blocked executions. `explorer` is used for nothing else (its graph is replaced). `stop`
/// (may be null), once set, ends the sampling after the path being drawn.
SearchEstimate estimateSearch(Explorer &explorer, unsigned samples, uint64_t seed,
                              const std::atomic<bool> *stop = nullptr);

} // namespace scopemc
