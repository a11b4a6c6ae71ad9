// The explorers of one process of a distributed search (docs/distributed.md): a queue of
// parts (the whole search, branches received as paths, branches its own explorers split off),
// `workers` TBB workers exploring them, and what the process's message loop takes from them:
// a branch given away on request, the paths of new errors, warnings, progress.
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "dpor/Parallel.h"
#include "dpor/Replay.h"

namespace scopemc {

/// Contract: every part added is explored once by one explorer (or dropped after stop());
/// idle() is true exactly when no part is queued and no explorer runs; the result is the
/// merge of every explorer's result.
class LocalPool {
public:
  struct Options {
    unsigned workers = 1;
    /// This process does not report: the path of every error its explorers find is kept for
    /// the process that does (takeErrorPaths).
    bool errorsAsPaths = false;
  };
  LocalPool(const ParallelSetup &setup, const ExplorationOptions &opts, Options local);
  ~LocalPool();

  void startWholeSearch();
  void add(SearchPath branch);
  bool idle();
  /// The next explorer to finish an execution gives a branch away (takeGiven).
  void wantBranch();
  /// The branch given on request: none yet (nullopt), or an answer (empty bytes: none could
  /// be given, the pool being idle or the explorer's search having no alternative left).
  std::optional<std::vector<uint8_t>> takeGiven();
  std::vector<std::vector<uint8_t>> takeErrorPaths();
  std::vector<ExplorationWarning> takeWarnings();
  /// Every explorer stops at its next check; queued parts are dropped.
  void stop() { stop_.store(true); }
  bool stopped() const { return stop_.load(); }
  uint64_t finished() const { return finished_.load(); }
  /// Waits for the explorers (after idle() or stop()), then the merged result. Rethrows the
  /// first exception an explorer threw.
  ExplorationResult finish();

  struct Counts {
    uint64_t parts = 0, given = 0, replayedSteps = 0;
    double exploringSeconds = 0; // summed over workers
  };
  Counts counts();

private:
  using Part = std::variant<std::monostate, SearchPath, Explorer::Branch>;
  class Spy;
  void launchLocked();
  void waitForWorkers();
  void updateMayShareLocked(); // after wanted_ or active_ changed
  void work();
  void explorePart(Part part, ExplorationObserver &observer, Explorer::Sharing &sharing);
  void betweenExecutions(Explorer &ex);

  const ParallelSetup &setup_;
  ExplorationOptions opts_;
  Options local_;
  tbb::global_control threads_;
  tbb::task_arena arena_;
  std::mutex mutex_;
  std::deque<Part> queue_;
  size_t active_ = 0;   // workers started and not ended
  size_t starting_ = 0; // of which not yet running
  bool wanted_ = false;
  std::optional<std::vector<uint8_t>> given_;
  std::vector<std::vector<uint8_t>> errorPaths_;
  std::vector<ExplorationWarning> warnings_;
  ExplorationResult total_;
  Counts counts_;
  std::exception_ptr failure_;
  std::atomic<bool> mayShare_{false}; // wanted_ || a worker slot free (the hook's fast path)
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> finished_{0};
  std::atomic<int64_t> lastReportMs_{0};
  std::chrono::steady_clock::time_point start_;
};

} // namespace scopemc
