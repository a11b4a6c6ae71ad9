// Parallel exploration (docs/dpor.md section 5): explorers on TBB workers split the search by
// giving away branches (a graph copy and one pending alternative). Each worker has its own
// graph, interpreter and observer; the program is shared read-only. Counts and the set of
// errors found are those of a sequential run.
#pragma once

#include <functional>
#include <memory>

#include "dpor/Estimate.h"
#include "dpor/Observer.h"
#include "dpor/Options.h"
#include "runner/EventSink.h"

namespace scopemc {

struct ParallelSetup {
  unsigned workers = 2;
  /// A fresh runner of the program for one explorer (called from worker threads, one call
  /// at a time is not guaranteed: it must be thread-safe).
  std::function<std::unique_ptr<ProgramRunner>()> makeRunner;
  /// An observer for one explorer; the caller owns it and merges what the observers found.
  std::function<ExplorationObserver &()> makeObserver;
};

/// A search on this machine, the one entry for 1..N workers: one explorer on the calling
/// thread when setup.workers is 1 (makeRunner and makeObserver called once), else
/// exploreInParallel.
ExplorationResult explore(const ParallelSetup &setup, const ExplorationOptions &opts);
/// The search by setup.workers TBB workers (of which the calling thread is one).
ExplorationResult exploreInParallel(const ParallelSetup &setup, const ExplorationOptions &opts);

/// Adds the counts and flags of one explorer's result to `total` (seconds excepted).
void mergeResult(ExplorationResult &total, const ExplorationResult &r);

/// Where the explorers of a search run when not on the calling thread alone: this machine's
/// TBB workers (exploreInParallel, the default), or processes of a distributed run
/// (distributed/). Contract: the same complete and blocked counts (when the search runs to
/// its end) and the same distinct errors, told to observers made by `setup`, as one explorer.
class ExplorationBackend {
public:
  virtual ~ExplorationBackend() = default;
  virtual ExplorationResult explore(const ParallelSetup &setup, const ExplorationOptions &opts) = 0;
  /// `sample(n, seed, stop)` draws n random paths, ending early once `stop` (may be null) is
  /// set.
  using Sampler = std::function<SearchEstimate(unsigned, uint64_t, const std::atomic<bool> *)>;
  /// Knuth's estimate (dpor/Estimate.h) from `samples` random paths in all: here, all at once;
  /// a distributed backend shares them out (each process its own seed) and combines the means,
  /// or fails (SearchEstimate::failure) if a process stops answering.
  virtual SearchEstimate estimate(const Sampler &sample, unsigned samples, uint64_t seed) {
    return sample(samples, seed, nullptr);
  }
};

} // namespace scopemc
