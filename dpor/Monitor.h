// Limits and progress of one explorer: the exploration polls it, it never prints.
//
// Contract: one monitor per explorer, used from that explorer's thread only; the monitors of
// one search share nothing but the atomics of SharedProgress, which must outlive them
// (`finished` and `lastReportMs` null or set together). start() comes before poll(): the time
// limit counts from its t. poll() names this explorer's own limits first (time, then memory,
// then another explorer's stop) and never sets `stop` itself (the explorer does). Memory is the
// whole process's resident set from /proc/self/statm, read at most every 20 ms; where that file
// cannot be read, the memory limit is never reached. `report` runs on the explorer's thread: with
// several explorers, from several threads, and each explorer's finish() sends its empty line.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace scopemc {

/// What the explorers of one search share for limits and progress (null: one explorer).
struct SharedProgress {
  std::atomic<bool> *stop = nullptr;            // set by any explorer that stops the whole search
  std::atomic<uint64_t> *finished = nullptr;    // executions of all explorers
  std::atomic<int64_t> *lastReportMs = nullptr; // when some explorer last reported progress
};

/// Time and memory limits, a stop asked for by another explorer, and progress lines at most
/// every half second through `report` (an empty line when the search ends: the caller clears
/// what it showed).
class ExplorationMonitor {
public:
  enum class Stop : uint8_t { None, Time, Memory, Requested };
  struct Limits {
    double timeoutSeconds = 0;  // 0: none
    uint64_t memoryLimitMb = 0; // resident memory of the process; 0: none
  };
  ExplorationMonitor(Limits limits, std::function<void(const std::string &)> report,
                     SharedProgress shared)
      : limits_(limits), report_(std::move(report)), shared_(shared) {}

  /// The search began at t (for a parallel search: when the whole search began).
  void start(std::chrono::steady_clock::time_point t) { start_ = lastReport_ = t; }
  bool started() const { return start_ != std::chrono::steady_clock::time_point{}; }
  /// Whether to stop, and why; `complete` and `blocked` are this explorer's executions.
  Stop poll(uint64_t complete, uint64_t blocked);
  double seconds() const;
  /// The search ended: the final (empty) progress line.
  void finish();

private:
  void reportProgress(uint64_t complete, uint64_t blocked,
                      std::chrono::steady_clock::time_point now);

  Limits limits_;
  std::function<void(const std::string &)> report_;
  SharedProgress shared_;
  std::chrono::steady_clock::time_point start_, lastReport_, lastMemoryCheck_;
  uint64_t reported_ = 0; // executions already added to shared_.finished
};

} // namespace scopemc
