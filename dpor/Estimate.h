// Knuth's estimator of the size of the search (docs/dpor.md §6), on the Explorer's public walk.
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
