// `scopemc litmus`: runs herd-format litmus tests through the engine and prints, herd7-style,
// every reachable final state with its number of executions and the condition's verdict. On
// session/LitmusRun.h; cli/CommandLine.cpp hands it the arguments after `litmus`.
//
// Contract: a test that cannot be parsed, translated or compiled is named on stderr and the
// others still run; the exit code says how it went (below). Output on stdout, in the order of
// the inputs (a folder's .litmus files sorted by path).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "session/LitmusRun.h"

namespace scopemc {

/// The herd7-style report of one test: Allowed or Forbidden (the condition's state reachable
/// or not), the states with their counts, Ok or No (LitmusOutcome::validated), the witnesses
/// and the observation, then the errors, a timeout and blocked executions, the time.
void printLitmus(std::ostream &os, const LitmusOutcome &r);

/// `scopemc litmus FILE|DIR... [--expect CSV] [--model M] [--timeout S] [--nthreads N]`
/// (`args` without `litmus`; `includeDir`: the tool's headers). Prints each test, and a
/// summary for several tests or an --expect file. Exit code: 0; 1 when a test disagrees with
/// its expectation; kExitInput when a test could not be run (whatever disagreed) or the CSV
/// could not be read; kExitUsage (or 0 for --help) from parseArgs.
int litmusCommand(const std::vector<std::string> &args, const std::string &includeDir);

} // namespace scopemc
