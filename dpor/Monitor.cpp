#include "dpor/Monitor.h"

#include <cmath>
#include <cstdio>

#include <unistd.h>

namespace scopemc {

namespace {
uint64_t residentMb() {
  // Linux: the second field of /proc/self/statm is the resident set in pages.
  std::FILE *f = std::fopen("/proc/self/statm", "r");
  if (!f)
    return 0;
  unsigned long long size = 0, resident = 0;
  int n = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  static const auto page = static_cast<unsigned long long>(sysconf(_SC_PAGESIZE));
  return n == 2 ? resident * page / (1024ULL * 1024) : 0;
}

std::string perSecond(uint64_t n, double s) {
  return std::to_string(std::llround(static_cast<double>(n) / (s > 0 ? s : 1))) + "/s";
}
} // namespace

double ExplorationMonitor::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

ExplorationMonitor::Stop ExplorationMonitor::poll(uint64_t complete, uint64_t blocked) {
  auto now = std::chrono::steady_clock::now();
  if (report_ && now - lastReport_ > std::chrono::milliseconds(500)) {
    lastReport_ = now;
    reportProgress(complete, blocked, now);
  }
  // (a limit this explorer reached itself is named even when another one asked to stop)
  if (limits_.timeoutSeconds > 0 &&
      std::chrono::duration<double>(now - start_).count() > limits_.timeoutSeconds)
    return Stop::Time;
  // (memory is read at most every 20 ms: reading it costs a system call or three)
  if (limits_.memoryLimitMb > 0 && now - lastMemoryCheck_ > std::chrono::milliseconds(20)) {
    lastMemoryCheck_ = now;
    if (residentMb() > limits_.memoryLimitMb)
      return Stop::Memory;
  }
  if (shared_.stop && shared_.stop->load(std::memory_order_relaxed))
    return Stop::Requested;
  return Stop::None;
}

void ExplorationMonitor::reportProgress(uint64_t complete, uint64_t blocked,
                                        std::chrono::steady_clock::time_point now) {
  double s = std::chrono::duration<double>(now - start_).count();
  uint64_t mine = complete + blocked;
  if (!shared_.finished) {
    report_(std::to_string(complete) + " complete, " + std::to_string(blocked) +
            " blocked executions, " + perSecond(mine, s));
    return;
  }
  // Parallel: add this explorer's share, and let one explorer report every half second.
  uint64_t total = shared_.finished->fetch_add(mine - reported_) + (mine - reported_);
  reported_ = mine;
  auto ms = static_cast<int64_t>(s * 1000);
  int64_t last = shared_.lastReportMs->load();
  if (ms - last < 500 || !shared_.lastReportMs->compare_exchange_strong(last, ms))
    return;
  report_(std::to_string(total) + " executions, " + perSecond(total, s));
}

void ExplorationMonitor::finish() {
  if (report_)
    report_("");
}

} // namespace scopemc
