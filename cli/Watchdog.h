// The last line of defence for --timeout and --memory-limit: the engine stops itself at a
// limit with its counts (dpor/Monitor.h), but some phases cannot poll (Clang compiling a huge
// file, a repair round's set-up). The watchdog ends the process when a limit is overshot.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>

namespace scopemc {

/// The memory limit when none is given: this share of the machine's physical memory, so
/// that a run that grows without end stops with a message before the system swaps or kills
/// it.
inline constexpr double kDefaultMemoryShare = 0.8;
/// kDefaultMemoryShare of this machine's physical memory, in MB.
uint64_t defaultMemoryLimitMb();

/// While it lives, a thread ends the process when the run has taken 0.5 s more than
/// `timeoutSeconds` (exit 124), or its resident memory exceeds `memoryLimitMb` by 10% (exit
/// 3, bounded), printing why after `onLimit(why, timedOut)` (which writes the machine-readable
/// outputs). Either limit may be 0 (none). Destroying it stops the thread, so a run that ends
/// in time is never cut during its teardown.
class Watchdog {
public:
  Watchdog(double timeoutSeconds, uint64_t memoryLimitMb,
           std::function<void(const std::string &, bool)> onLimit);
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

private:
  void watch(double timeoutSeconds, uint64_t memoryLimitMb);

  std::function<void(const std::string &, bool)> onLimit_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

} // namespace scopemc
