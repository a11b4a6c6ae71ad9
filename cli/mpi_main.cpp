// scopemc-mpi: scopemc's command line in every process of an MPI run, the search distributed
// over them (docs/distributed.md):
//
//   mpirun -np K build/cli/scopemc-mpi FILE [options] [--mpi-stats FILE] [--mpi-rank-timeout S]
//
// Rank 0 prints and writes the outputs; every rank loads the program itself and explores with
// its --nthreads workers.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli/CommandLine.h"
#include "cli/Output.h"
#include "distributed/MpiBackend.h"

using namespace scopemc;

namespace {

/// mpirun ends every rank when one dies: rank 0 says so instead of vanishing silently.
void onTerminate(int) {
  static const char msg[] =
      "\nscopemc-mpi: stopped by SIGTERM before the search finished (mpirun ends every rank "
      "when one of them dies or the run is interrupted): no verdict\n";
  (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
  _exit(kExitInternal);
}

std::string takeOption(std::vector<char *> &args, const char *name) {
  for (size_t i = 1; i + 1 < args.size(); ++i)
    if (std::strcmp(args[i], name) == 0) {
      std::string v = args[i + 1];
      args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
      return v;
    }
  return "";
}

nlohmann::json statsJson(const std::vector<RankStats> &stats) {
  nlohmann::json out = nlohmann::json::array();
  for (const RankStats &s : stats)
    out.push_back({{"rank", s.rank},
                   {"host", s.host},
                   {"messages_sent", s.messagesSent},
                   {"bytes_sent", s.bytesSent},
                   {"parts_explored", s.parts},
                   {"branches_given", s.given},
                   {"replayed_steps", s.replayedSteps},
                   {"complete", s.complete},
                   {"blocked", s.blocked},
                   {"wall_seconds", s.wallSeconds},
                   {"idle_seconds", s.idleSeconds},
                   {"idle_fraction", s.wallSeconds > 0 ? s.idleSeconds / s.wallSeconds : 0},
                   {"exploring_seconds", s.exploringSeconds},
                   {"cpu_seconds", s.cpuSeconds}});
  return out;
}

} // namespace

int main(int argc, char **argv) {
  MpiSession mpi(argc, argv);
  std::vector<char *> args(argv, argv + argc);
  std::string statsFile = takeOption(args, "--mpi-stats");
  std::string timeout = takeOption(args, "--mpi-rank-timeout");
  DistributedOptions dopts;
  if (!timeout.empty()) {
    char *end = nullptr;
    dopts.rankTimeoutSeconds = std::strtod(timeout.c_str(), &end);
    if (*end != '\0' || !(dopts.rankTimeoutSeconds > 0)) {
      if (mpi.rank() == 0)
        std::cerr << "scopemc-mpi: --mpi-rank-timeout " << timeout
                  << ": expected a positive number of seconds\n";
      return kExitUsage;
    }
  }
  MpiTransport net;
  auto backend = std::make_shared<MpiBackend>(net, dopts, mpi.host());
  CliHooks hooks;
  hooks.backend = backend;
  hooks.primary = mpi.rank() == 0;
  if (hooks.primary) {
    std::signal(SIGTERM, onTerminate);
    if (!statsFile.empty())
      hooks.afterCheck = [&](const RunResult &) {
        std::ofstream(statsFile) << statsJson(backend->stats()).dump(2) << "\n";
      };
  } else { // another process reports
    std::cout.rdbuf(nullptr);
    std::cerr.rdbuf(nullptr);
    if (!std::freopen("/dev/null", "w", stdout)) // (printf too)
      std::fclose(stdout);
  }
  int rc = runCommandLine(static_cast<int>(args.size()), args.data(), hooks);
  bool help = std::any_of(args.begin() + 1, args.end(), [](const char *a) {
    return std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0;
  });
  if (help && hooks.primary)
    std::cout << "\nscopemc-mpi (under mpirun: the search shared by the ranks, rank 0 reports; "
                 "docs/distributed.md):\n"
                 "  --mpi-stats FILE          Write each rank's figures (messages, bytes, parts, "
                 "idle and CPU time) as JSON to FILE\n"
                 "  --mpi-rank-timeout S      Take a rank silent for S seconds as lost: the "
                 "verdict is then failed, exit 7 (default 10)\n";
  if (backend->lostRank()) { // (MPI_Finalize would wait for it)
    std::cout.flush();
    std::signal(SIGTERM, SIG_DFL); // (the verdict is out: mpirun's SIGTERM ends this rank quietly)
    // Rank 0 ends the run. The others wait for that, out of MPI: a rank blocked in
    // MPI_Finalize's fence when the run aborts left Open MPI 4.1's mpirun deadlocked in its own
    // finalize in about one run of 30 (tests/mpi/cli.sh). They abort themselves only if rank
    // 0's abort has not ended them after a while.
    if (!hooks.primary)
      std::this_thread::sleep_for(std::chrono::seconds(20));
    mpi.abort(rc);
  }
  return rc;
}
