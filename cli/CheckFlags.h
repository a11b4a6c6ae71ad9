// The options of `scopemc [check]` and `scopemc repair`, declared on a CLI11 app and then
// applied to the session's options (cli/CommandLine.cpp runs the command).
//
// Contract: the add* functions bind every option either straight to a field of the options
// they are given (the session's RunOptions, the command line's OutputOptions and
// RepairCliOptions) or to CheckFlags, which holds what the command line reads only once
// parsed; the objects bound must outlive the parse. After the app parsed, applyCheckFlags
// checks what CLI11 cannot (--kernel with --grid, the grid's limits, --arg's and --args'
// forms) and fills the rest of the RunOptions: nullopt, or the exit status after a usage
// message on stderr. Nothing here runs a program.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/Output.h"
#include "cli/RepairCommand.h"
#include "session/Session.h"

namespace scopemc {

/// The command line's own values, read once the app parsed.
struct CheckFlags {
  std::vector<std::string> files;
  std::string compileDb;                      // -p
  std::string grid;                           // --grid
  std::vector<std::string> kernelArgs;        // --arg NAME=VALUE
  std::string programArgs;                    // --args
  std::vector<std::string> defines, includes; // -D, -I
  std::string undefinedFunctions = "refuse";  // --undefined-functions
  bool noSymmetry = false, noThreadSymmetry = false, noCommuting = false, noReductions = false;
  bool keepGoing = false, stopFirst = false, noRaces = false, noDivergence = false;
  bool ignoreExit = false;
  uint64_t seed = 0;
  CLI::Option *seedOpt = nullptr; // whether --seed was given
  std::string model = "scoped-rc11";
  bool estimate = false;
  unsigned samples = 1000;
};

/// -o, --orders, --races, --max-rounds (`scopemc repair` only).
void addRepairOptions(CLI::App &app, RepairCliOptions &repairOpts);
/// The files, -p, --stdin, --input, the kernel and its grid and arguments, --args, -D, -I,
/// --unroll, --undefined-functions.
void addInputOptions(CLI::App &app, CheckFlags &f, RunOptions &opts);
/// --no-symmetry, --no-thread-symmetry, --no-commuting-updates, --no-reductions.
void addReductionOptions(CLI::App &app, CheckFlags &f);
/// --keep-going, --stop-on-first, the checks turned off, --check-atomicity.
void addCheckingOptions(CLI::App &app, CheckFlags &f, RunOptions &opts);
/// --print-error-trace, --html, --verbose, --json, --sarif, --dump-error-graph.
void addOutputOptions(CLI::App &app, OutputOptions &output);
/// --seed, --timeout, --memory-limit (it sets opts' memory limit to defaultMemoryLimitMb()
/// first), --model, --estimate, --estimate-samples, --nthreads.
void addSearchOptions(CLI::App &app, CheckFlags &f, RunOptions &opts);

/// Checks the flags CLI11 cannot and fills `opts` from them (argv0: where the tool's headers
/// are found), with the precompiled-header cache and compiler warnings printed on stderr.
/// `f` must have been bound by addSearchOptions (its seedOpt). Nullopt, or the exit status
/// (kExitUsage) after a message on stderr.
std::optional<int> applyCheckFlags(const CheckFlags &f, RunOptions &opts, const char *argv0);
/// Progress on stderr when it is a terminal (one line rewritten in place), and warnings on
/// stderr: only the first warning of the process is printed (its explorers may each give it).
void reportToTerminal(RunOptions &opts);

} // namespace scopemc
