// Parses a command line with CLI11 the way every scopemc command does.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/Output.h"

namespace scopemc {

/// Parses `args` (without the program name) into `app`. Returns the exit code when the
/// command should end here (--help: 0; a usage error, reported by CLI11: kExitUsage).
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
