// The options of `scopemc [check]` and `scopemc repair`, declared on a CLI11 app and then
// applied to the session's options (cli/CommandLine.cpp runs the command).
//
// Contract: the add* functions bind every option either straight to a field of the session's
// options (RunOptions, OutputOptions, RepairCliOptions) or to CheckFlags, which holds what
// the command line reads only once parsed. After the app parsed, applyCheckFlags checks what
// CLI11 cannot (--kernel with --grid, the grid's limits, --arg's and --args' forms, a planted
// mistake's name) and fills the rest of the RunOptions: nullopt, or the exit status after a
// usage message on stderr. Nothing here runs a program.
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
  std::string planted; // --planted-mistake, a test aid hidden from --help
  bool keepGoing = false, stopFirst = false, noRaces = false, noDivergence = false;
  bool ignoreExit = false;
  uint64_t seed = 0;
  CLI::Option *seedOpt = nullptr; // whether --seed was given
  std::string model = "scoped-rc11";
  bool estimate = false;
  unsigned samples = 1000;
};

void addRepairOptions(CLI::App &app, RepairCliOptions &repairOpts);
void addInputOptions(CLI::App &app, CheckFlags &f, RunOptions &opts);
void addReductionOptions(CLI::App &app, CheckFlags &f);
void addCheckingOptions(CLI::App &app, CheckFlags &f, RunOptions &opts);
void addOutputOptions(CLI::App &app, OutputOptions &output);
void addSearchOptions(CLI::App &app, CheckFlags &f, RunOptions &opts);

/// Checks the flags CLI11 cannot and fills `opts` from them (argv0: where the tool's headers
/// are found). Nullopt, or the exit status after a message on stderr.
std::optional<int> applyCheckFlags(const CheckFlags &f, RunOptions &opts, const char *argv0);
/// Progress on a terminal (one line rewritten in place) and warnings on stderr.
void reportToTerminal(RunOptions &opts);

} // namespace scopemc
