// The explorers of one process of a distributed search (docs/distributed.md): a queue of
// parts (the whole search, branches received as paths, branches its own explorers split off),
// `workers` TBB workers exploring them, and what the process's message loop takes from them:
// a branch given away on request, the paths of new errors, warnings, progress. Below
// MpiBackend.cpp's message loop, above dpor/ (Explorer, Replay); it knows nothing of MPI.
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

/// Contract: every part added is explored once by one explorer (or dropped after stop(), or
/// when a limit interrupts the replay of its path); idle() is true exactly when no part is
/// queued and no explorer runs; the result is the merge of every explorer's result. Each part
/// gets a runner and an observer of its own from the setup (made under the pool's lock, one
/// at a time). Thread-safety: the public members may be called from the message loop's thread
/// while the workers explore; the setup must outlive the pool. The explorers' progress lines
/// are dropped (finished() counts) and their warnings queued (takeWarnings).
class LocalPool {
public:
  struct Options {
    unsigned workers = 1; // explorers at once (a TBB arena of this many)
    /// This process does not report: the path of every error its explorers find is kept for
    /// the process that does (takeErrorPaths).
    bool errorsAsPaths = false;
  };
  LocalPool(const ParallelSetup &setup, const ExplorationOptions &opts, Options local);
  /// Stops the explorers and waits for them; an exception not taken by finish() is dropped.
  ~LocalPool();

  /// Queues the search from the program's start (rank 0's whole search).
  void startWholeSearch();
  /// Queues a branch another process gave away, as its path (replayed before it is explored).
  void add(SearchPath branch);
  bool idle();
  /// The next explorer to finish an execution gives a branch away (takeGiven).
  void wantBranch();
  /// The branch given on request: none yet (nullopt), or an answer (empty bytes: none could
  /// be given, the pool being idle or the explorer's search having no alternative left).
  std::optional<std::vector<uint8_t>> takeGiven();
  /// The encoded paths (dpor/Path.h) of the errors found since the last call, each where its
  /// explorer's observer counted a new finding (Options::errorsAsPaths; else none).
  std::vector<std::vector<uint8_t>> takeErrorPaths();
  /// The explorers' warnings since the last call.
  std::vector<ExplorationWarning> takeWarnings();
  /// Every explorer stops at its next check; queued parts are dropped. An explorer's
  /// exception or its stop (an error with stopOnFirst, a limit) also stops the pool.
  void stop() { stop_.store(true); }
  bool stopped() const { return stop_.load(); }
  /// Executions the explorers of this process finished so far.
  uint64_t finished() const { return finished_.load(); }
  /// Waits for the explorers (after idle() or stop()), then the merged result. Rethrows the
  /// first exception an explorer threw.
  ExplorationResult finish();

  struct Counts {
    /// Parts taken by an explorer, branches given away on request (takeGiven), steps of the
    /// paths replayed.
    uint64_t parts = 0, given = 0, replayedSteps = 0;
    double exploringSeconds = 0; // summed over workers
  };
  /// The figures so far.
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
