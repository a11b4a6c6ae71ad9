#include "distributed/LocalPool.h"

#include <thread>

namespace scopemc {

/// Tells the explorer's observer everything; keeps the path of each new error it finds.
class LocalPool::Spy final : public ExplorationObserver {
public:
  Spy(LocalPool &pool, ExplorationObserver &inner) : pool_(pool), inner_(inner) {}
  Explorer *explorer = nullptr;
  bool onEvent(const ExecutionGraph &g, Event e) override {
    size_t before = inner_.findings();
    bool go = inner_.onEvent(g, e);
    if (inner_.findings() > before)
      keep(e);
    return go;
  }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &t) override {
    size_t before = inner_.findings();
    bool go = inner_.onExecutionEnd(g, t);
    if (inner_.findings() > before)
      keep(std::nullopt);
    return go;
  }
  size_t findings() const override { return inner_.findings(); }

private:
  void keep(std::optional<Event> e) {
    if (!pool_.local_.errorsAsPaths)
      return;
    std::vector<uint8_t> bytes = encodePath(Explorer::Replay(*explorer).here(e));
    std::lock_guard lock(pool_.mutex_);
    pool_.errorPaths_.push_back(std::move(bytes));
  }
  LocalPool &pool_;
  ExplorationObserver &inner_;
};

LocalPool::LocalPool(const ParallelSetup &setup, const ExplorationOptions &opts, Options local)
    : setup_(setup), opts_(opts), local_(local),
      // (TBB's workers default to the cores less one, for a caller that joins them; this
      // process's caller runs the message loop instead)
      threads_(tbb::global_control::max_allowed_parallelism, local.workers + 1),
      arena_(static_cast<int>(local.workers), 0), start_(std::chrono::steady_clock::now()) {
  // Explorers report progress into finished_ (their lines are dropped: the message loop
  // reports for the whole run), and warnings to the message loop.
  opts_.onProgress = [](const std::string &) {};
  opts_.onWarning = [this](const ExplorationWarning &w) {
    std::lock_guard lock(mutex_);
    warnings_.push_back(w);
  };
  opts_.workers = 1;
}

LocalPool::~LocalPool() {
  stop();
  waitForWorkers(); // (a failure not taken by finish() is moot now)
}

void LocalPool::updateMayShareLocked() {
  mayShare_.store(wanted_ || active_ < local_.workers, std::memory_order_relaxed);
}

void LocalPool::launchLocked() {
  // (a worker started but not yet running takes one of the queued parts)
  while (active_ < local_.workers && queue_.size() > starting_) {
    ++active_;
    ++starting_;
    arena_.enqueue([this] { work(); });
  }
  updateMayShareLocked();
}

void LocalPool::startWholeSearch() {
  std::lock_guard lock(mutex_);
  queue_.emplace_back(std::monostate{});
  launchLocked();
}

void LocalPool::add(SearchPath branch) {
  std::lock_guard lock(mutex_);
  queue_.emplace_back(std::move(branch));
  launchLocked();
}

bool LocalPool::idle() {
  std::lock_guard lock(mutex_);
  return active_ == 0 && queue_.empty();
}

void LocalPool::wantBranch() {
  std::lock_guard lock(mutex_);
  wanted_ = true;
  updateMayShareLocked();
}

std::optional<std::vector<uint8_t>> LocalPool::takeGiven() {
  std::lock_guard lock(mutex_);
  if (given_)
    return std::exchange(given_, std::nullopt);
  if (wanted_ && active_ == 0 && queue_.empty()) {
    wanted_ = false;
    updateMayShareLocked();
    return std::vector<uint8_t>{};
  }
  return std::nullopt;
}

std::vector<std::vector<uint8_t>> LocalPool::takeErrorPaths() {
  std::lock_guard lock(mutex_);
  return std::exchange(errorPaths_, {});
}

std::vector<ExplorationWarning> LocalPool::takeWarnings() {
  std::lock_guard lock(mutex_);
  return std::exchange(warnings_, {});
}

LocalPool::Counts LocalPool::counts() {
  std::lock_guard lock(mutex_);
  return counts_;
}

void LocalPool::betweenExecutions(Explorer &ex) {
  // (called after every execution: no lock while nobody wants a branch and no worker idles)
  if (!mayShare_.load(std::memory_order_relaxed))
    return;
  // A branch asked for by another process first; then one for an idle worker of this one.
  std::unique_lock lock(mutex_);
  if (wanted_ && !given_) {
    wanted_ = false;
    updateMayShareLocked();
    lock.unlock();
    std::optional<Explorer::Branch> b = ex.splitOff();
    std::vector<uint8_t> bytes;
    if (b)
      bytes = encodePath(SearchPath{b->trail, SearchPath::End::Alternative, toPathStep(b->item)});
    lock.lock();
    given_ = std::move(bytes);
    counts_.given += b ? 1 : 0;
    return;
  }
  if (active_ >= local_.workers || !queue_.empty())
    return;
  lock.unlock();
  std::optional<Explorer::Branch> b = ex.splitOff();
  if (!b)
    return;
  lock.lock();
  queue_.emplace_back(std::move(*b));
  launchLocked();
}

void LocalPool::work() {
  bool started = false;
  for (;;) {
    Part part;
    ExplorationObserver *observer = nullptr;
    {
      std::lock_guard lock(mutex_);
      if (!std::exchange(started, true))
        --starting_;
      if (stop_.load())
        queue_.clear();
      if (queue_.empty()) {
        --active_;
        updateMayShareLocked();
        return;
      }
      part = std::move(queue_.front());
      queue_.pop_front();
      ++counts_.parts;
      observer = &setup_.makeObserver();
    }
    Explorer::Sharing sharing;
    sharing.progress = SharedProgress{&stop_, &finished_, &lastReportMs_};
    sharing.start = start_;
    sharing.betweenExecutions = [this](Explorer &ex) { betweenExecutions(ex); };
    auto began = std::chrono::steady_clock::now();
    try {
      explorePart(std::move(part), *observer, sharing);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failure_)
        failure_ = std::current_exception();
      stop_.store(true);
    }
    std::lock_guard lock(mutex_);
    counts_.exploringSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  }
}

void LocalPool::explorePart(Part part, ExplorationObserver &observer, Explorer::Sharing &sharing) {
  std::unique_ptr<ProgramRunner> runner;
  {
    std::lock_guard lock(mutex_); // (makeRunner need not be thread-safe)
    runner = setup_.makeRunner();
  }
  Spy spy(*this, observer);
  Explorer ex(*runner, spy, opts_, &sharing);
  spy.explorer = &ex;
  ExplorationResult r;
  if (auto *path = std::get_if<SearchPath>(&part)) {
    std::optional<Explorer::Branch> b;
    try {
      b = Explorer::Replay(ex).rebuild(*path);
    } catch (const RunInterrupted &) { // a limit, or a stop, on the way: nothing explored
      return;
    }
    {
      std::lock_guard lock(mutex_);
      counts_.replayedSteps += path->steps.size();
    }
    r = ex.run(std::move(*b));
  } else if (auto *branch = std::get_if<Explorer::Branch>(&part)) {
    r = ex.run(std::move(*branch));
  } else {
    r = ex.run();
  }
  std::lock_guard lock(mutex_);
  mergeResult(total_, r);
}

void LocalPool::waitForWorkers() {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (active_ == 0)
        break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

ExplorationResult LocalPool::finish() {
  waitForWorkers();
  std::lock_guard lock(mutex_);
  if (failure_)
    std::rethrow_exception(std::exchange(failure_, nullptr));
  return total_;
}

} // namespace scopemc
