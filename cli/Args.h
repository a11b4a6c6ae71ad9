// Parses a command line with CLI11 the way every scopemc command does (scopemc [check],
// repair, litmus).
//
// Contract: CLI11 prints what the user asked for or did wrong (--help and --version on
// stdout, a usage error with its message on stderr); the caller gets only the exit code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/Output.h"

namespace scopemc {

/// Parses `args` (without the program name) into `app`, whose options then hold their
/// values. Returns the exit code when the command should end here (--help, --version: 0; a
/// usage error, reported by CLI11: kExitUsage); nullopt to go on.
inline std::optional<int> parseArgs(CLI::App &app, const std::vector<std::string> &args) {
  try {
    std::vector<std::string> rev(args.rbegin(), args.rend()); // CLI11 takes them reversed
    app.parse(rev);
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : kExitUsage;
  }
  return std::nullopt;
}

} // namespace scopemc
