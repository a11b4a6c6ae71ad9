#include "cli/Watchdog.h"

#include <chrono>
#include <cstdio>
#include <fstream>

#include <unistd.h>

#include "cli/Output.h"

namespace scopemc {
namespace {

uint64_t residentMb() {
  std::ifstream statm("/proc/self/statm");
  uint64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) >> 20;
}

} // namespace

uint64_t defaultMemoryLimitMb() {
  auto bytes =
      static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGESIZE));
  return static_cast<uint64_t>(bytes * kDefaultMemoryShare) >> 20;
}

Watchdog::Watchdog(double timeoutSeconds, uint64_t memoryLimitMb,
                   std::function<void(const std::string &, bool)> onLimit)
    : onLimit_(std::move(onLimit)) {
  if (timeoutSeconds > 0 || memoryLimitMb > 0)
    thread_ = std::thread(
        [this, timeoutSeconds, memoryLimitMb] { watch(timeoutSeconds, memoryLimitMb); });
}

Watchdog::~Watchdog() {
  done_ = true;
  if (thread_.joinable())
    thread_.join();
}

void Watchdog::watch(double timeoutSeconds, uint64_t memoryLimitMb) {
  auto start = std::chrono::steady_clock::now();
  while (!done_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (done_)
      return;
    double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (timeoutSeconds > 0 && took > timeoutSeconds + 0.5) {
      std::fprintf(stdout,
                   "Timeout: the time limit of %gs was reached before the run could stop itself; "
                   "nothing was verified.\n",
                   timeoutSeconds);
      std::fflush(stdout);
      onLimit_("the time limit was reached before the run could stop itself", true);
      _exit(kExitTimeout);
    }
    if (memoryLimitMb && residentMb() > memoryLimitMb + memoryLimitMb / 10) {
      std::fprintf(stdout,
                   "Memory limit: the run used more than %llu MB before it could stop itself; "
                   "nothing was verified (bounded).\n",
                   static_cast<unsigned long long>(memoryLimitMb));
      std::fflush(stdout);
      onLimit_("the memory limit was reached before the run could stop itself", false);
      _exit(kExitBounded);
    }
  }
}

} // namespace scopemc
