// The tool's command line, shared by scopemc (cli/main.cpp) and scopemc-mpi
// (cli/mpi_main.cpp, which runs it in every process of an MPI run). The top of the layering:
// it parses the arguments (CheckFlags.h), runs the session, a repair or the litmus command,
// and renders the results (Output.h).
//
// Contract: runCommandLine reports what a run throws as a message on stderr and an exit code
// (docs/interface.md §4): InputError and UnsupportedProgram give kExitInput (with --json and
// --sarif written as refused), any other exception kExitInternal; a usage error gives
// kExitUsage before anything runs. The Watchdog it keeps may end the process at a limit.
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
  /// part in the search or estimate (repair and litmus run in the primary process alone, the
  /// others return 0 at once).
  bool primary = true;
  /// Called in every process with a check's result before it is printed (not for an
  /// estimate, a repair or litmus).
  std::function<void(const RunResult &)> afterCheck;
  /// Test aid (runner/Premises.h): the premises the reductions leave unchecked, for the test
  /// build of the command line (tests/planted/) only; null in the product.
  std::shared_ptr<const PremiseWaiver> waiver;
};

/// Parses the arguments (`argv[0]` locates the tool's headers; after `--`, the compiler's),
/// runs the command (check, repair or litmus) and returns the exit code (docs/interface.md
/// §4).
int runCommandLine(int argc, char **argv, const CliHooks &hooks);

} // namespace scopemc
