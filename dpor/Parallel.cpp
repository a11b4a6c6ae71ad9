#include "dpor/Parallel.h"

#include <algorithm>
#include <mutex>
#include <optional>

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace scopemc {

namespace {

void mergeField(uint64_t &total, uint64_t r) { total += r; }
void mergeField(bool &total, bool r) { total = total || r; }
void mergeField(double & /*total*/, double /*r*/) {} // the merger's own wall time
void mergeField(std::string &total, const std::string &r) {
  if (total.empty())
    total = r;
}
void mergeField(std::vector<const SourceLoc *> &total, const std::vector<const SourceLoc *> &r) {
  for (auto *loop : r)
    if (std::find(total.begin(), total.end(), loop) == total.end())
      total.push_back(loop);
}

} // namespace

void mergeResult(ExplorationResult &total, const ExplorationResult &r) {
  forEachResultField([&](const char *, auto member) { mergeField(total.*member, r.*member); });
}

namespace {

class Search {
public:
  Search(const ParallelSetup &setup, const ExplorationOptions &opts) : setup_(setup), opts_(opts) {
    sharing_.progress = SharedProgress{&stop_, &finished_, &lastReportMs_};
    sharing_.start = std::chrono::steady_clock::now();
    sharing_.betweenExecutions = [this](Explorer &ex) { shareWork(ex); };
  }

  ExplorationResult run() {
    tbb::task_arena arena(static_cast<int>(setup_.workers));
    active_ = 1;
    arena.execute([this] {
      group_.run([this] { explore(nullptr); });
      group_.wait();
    });
    total_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - sharing_.start).count();
    return total_;
  }

private:
  /// Gives a branch of `ex` away while fewer explorers than workers have work.
  void shareWork(Explorer &ex) {
    if (active_.load(std::memory_order_relaxed) >= static_cast<int>(setup_.workers))
      return;
    std::optional<Explorer::Branch> b = ex.splitOff();
    if (!b)
      return;
    active_.fetch_add(1);
    auto branch = std::make_shared<Explorer::Branch>(std::move(*b));
    group_.run([this, branch] { explore(branch.get()); });
  }

  void explore(Explorer::Branch *branch) {
    std::unique_ptr<ProgramRunner> runner;
    ExplorationObserver *observer;
    {
      std::lock_guard lock(mutex_);
      runner = setup_.makeRunner();
      observer = &setup_.makeObserver();
    }
    Explorer ex(*runner, *observer, opts_, &sharing_);
    ExplorationResult r = branch ? ex.run(std::move(*branch)) : ex.run();
    {
      std::lock_guard lock(mutex_);
      mergeResult(total_, r);
    }
    active_.fetch_sub(1);
  }

  const ParallelSetup &setup_;
  ExplorationOptions opts_;
  Explorer::Sharing sharing_;
  std::atomic<bool> stop_{false};
  std::atomic<int> active_{0};
  std::atomic<uint64_t> finished_{0};
  std::atomic<int64_t> lastReportMs_{0};
  tbb::task_group group_;
  std::mutex mutex_;
  ExplorationResult total_;
};

} // namespace

ExplorationResult explore(const ParallelSetup &setup, const ExplorationOptions &opts) {
  if (setup.workers > 1)
    return exploreInParallel(setup, opts);
  std::unique_ptr<ProgramRunner> runner = setup.makeRunner();
  Explorer explorer(*runner, setup.makeObserver(), opts);
  return explorer.run();
}

ExplorationResult exploreInParallel(const ParallelSetup &setup, const ExplorationOptions &opts) {
  return Search(setup, opts).run();
}

} // namespace scopemc
