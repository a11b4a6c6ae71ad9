#include "dpor/LimitNotes.h"

namespace scopemc {

ExplorationWarning longExecutionWarning(size_t limit, const ProgramRunner &runner) {
  std::string msg = "one execution has grown past " + std::to_string(limit) + " events and goes on";
  auto loops = runner.busyLoops(100);
  if (loops.empty())
    return {msg + " (no loop of the program keeps going round: it is long, not stuck)", false};
  msg += "; these loops keep going round, and are neither spin loops nor bounded:";
  for (size_t k = 0; k < loops.size() && k < 5; ++k)
    msg += "\n  " + toString(loops[k].where) + " (thread " + std::to_string(loops[k].thread) +
           ", " + std::to_string(loops[k].iterations) + " iterations)";
  return {msg, true};
}

std::string memoryLimitNote(const ExecutionGraph &g, const ProgramRunner &runner,
                            uint64_t limitMb) {
  uint64_t threads = 0, events = 0;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    if (g.threadExists(t)) {
      ++threads;
      events += static_cast<uint64_t>(g.threadSize(t));
    }
  std::string note = "the execution under exploration had " + std::to_string(threads) +
                     " threads and " + std::to_string(events) + " events when the process " +
                     "reached " + std::to_string(limitMb) + " MB";
  ProgramRunner::LaunchSize launch = runner.largestLaunch();
  if (threads > 0 && launch.threads > threads) {
    // (memory per thread so far, the whole process: a rough measure, said as one)
    uint64_t needMb = limitMb * launch.threads / threads;
    note += "; the launch at " + toString(launch.where) + " has " + std::to_string(launch.threads) +
            " threads: at the memory per thread so far it needs about " +
            std::to_string((needMb + 1023) / 1024) + " GB (--memory-limit MB raises the limit)";
  }
  return note;
}

} // namespace scopemc
