// The last line of defence for --timeout and --memory-limit: the engine stops itself at a
// limit with its counts (dpor/Monitor.h), but some phases cannot poll (Clang compiling a huge
// file, a repair round's set-up). The watchdog ends the process when a limit is overshot.
// The command line's alone (cli/CommandLine.cpp); the session never ends the process.
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

/// While it lives, a thread ends the process (_exit: no destructor runs) when 0.5 s more than
/// `timeoutSeconds` have passed since it was made (exit 124), or the process's resident memory
/// exceeds `memoryLimitMb` by 10% (exit 3, bounded); it looks every 50 ms. It first prints why
/// on stdout, then calls `onLimit(why, timedOut)` (which writes the machine-readable outputs)
/// on its own thread, while the run goes on: onLimit must be safe to call from there. Either
/// limit may be 0 (none; with both 0 no thread is started). Destroying it stops the thread, so
/// a run that ends in time is never cut during its teardown.
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
