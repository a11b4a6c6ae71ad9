// `scopemc litmus`: runs herd-format litmus tests through the engine and prints, herd7-style,
// every reachable final state with its number of executions and the condition's verdict.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "session/LitmusRun.h"

namespace scopemc {

/// The herd7-style report of one test.
void printLitmus(std::ostream &os, const LitmusOutcome &r);

/// `scopemc litmus FILE|DIR... [--expect CSV] [--model M] [--timeout S]`; returns the exit code.
int litmusCommand(const std::vector<std::string> &args, const std::string &includeDir);

} // namespace scopemc
