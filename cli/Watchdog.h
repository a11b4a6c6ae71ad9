// The last line of defence for --timeout and --memory-limit: the engine stops itself at a
// limit with its counts (dpor/Monitor.h), but some phases cannot poll (Clang compiling a huge
// file, a repair round's set-up). The watchdog ends the process when a limit is overshot.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace scopemc {

/// The memory limit when none is given: this share of the machine's physical memory, so
/// that a run that grows without end stops with a message before the system swaps or kills
/// it.
inline constexpr double kDefaultMemoryShare = 0.8;
/// kDefaultMemoryShare of this machine's physical memory, in MB.
uint64_t defaultMemoryLimitMb();

/// Starts a thread that ends the process when the run has taken 0.5 s more than
/// `timeoutSeconds` (exit 124), or its resident memory exceeds `memoryLimitMb` by 10%
/// (exit 3, bounded), printing why. Either limit may be 0 (none).
/// `onLimit(why, timedOut)` runs first (it writes the machine-readable outputs).
void startWatchdog(double timeoutSeconds, uint64_t memoryLimitMb,
                   std::function<void(const std::string &, bool)> onLimit);

} // namespace scopemc
