// The tool's command line, shared by scopemc and scopemc-mpi.
#pragma once

#include <functional>
#include <memory>

#include "session/Session.h"

namespace scopemc {

/// How a process runs the command line.
struct CliHooks {
  /// Where checks explore (RunOptions::backend); null: in this process.
  std::shared_ptr<ExplorationBackend> backend;
  /// False: another process of the run prints and writes the outputs; this one only takes
  /// part in the search (estimate, repair and litmus run in the primary process alone).
  bool primary = true;
  /// Called with a check's result before it is printed.
  std::function<void(const RunResult &)> afterCheck;
};

/// Parses the arguments, runs the command and returns the exit code (docs/interface.md §4).
int runCommandLine(int argc, char **argv, const CliHooks &hooks);

} // namespace scopemc
