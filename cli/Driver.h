// One verification run: load the program, explore, collect reports. Shared by the tool and
// the end-to-end tests.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checks/BugChecker.h"
#include "dpor/Explorer.h"
#include "dpor/Options.h"
#include "interpreter/Interpreter.h"
#include "interpreter/frontend/Frontend.h"
#include "interpreter/frontend/KernelHarness.h"

namespace scopemc {

struct OutputOptions {
  bool printTrace = false;
  std::string jsonFile;
  std::string dotFile; // the first error's witness as Graphviz
};

struct RunOptions {
  std::string file;
  FrontendOptions frontend;
  KernelOptions kernel; // --kernel: run this kernel on a grid instead of main
  InterpreterOptions interpreter;
  ExplorationOptions exploration;
  CheckOptions checks;
  OutputOptions output;
};

enum class Verdict { Verified, ErrorFound, Bounded, Timeout };

struct RunResult {
  Verdict verdict = Verdict::Verified;
  ExplorationResult exploration;
  std::vector<Report> reports;
  std::unique_ptr<Program> program; // kept for rendering (addresses, initial values)
  /// __VERIFIER_nondet_* gave one value per call: other values were not explored.
  bool sampledNondet = false;
};

/// Exit codes (INTERFACE.md §4).
enum ExitCode : int {
  kExitVerified = 0, kExitError = 42, kExitBounded = 3, kExitInput = 5, kExitUsage = 17,
  kExitInternal = 7, kExitTimeout = 124
};

/// Knuth's estimate of the size of the exploration (no verification).
Explorer::Estimate estimateProgram(const Program &program, const RunOptions &opts, unsigned samples);

/// Loads and verifies. Throws InputError for input that cannot be handled.
RunResult verify(const RunOptions &opts);
/// The two steps of verify: compile or parse (and add the --kernel entry), then explore,
/// telling `extra` (if given) everything the bug checks are told.
std::unique_ptr<Program> loadProgram(const RunOptions &opts);
RunResult verifyProgram(std::unique_ptr<Program> program, const RunOptions &opts,
                        ExplorationObserver *extra);
int exitCodeOf(Verdict v);

} // namespace scopemc
