// What the command line makes of a verification (docs/interface.md §3-4): the files it
// writes and the exit code. The session (session/Session.h) renders nothing and knows
// neither. The renderers are TextOutput.h, JsonOutput.h, Sarif.h, DotOutput.h and
// HtmlOutput.h; CommandLine.cpp and RepairCommand.cpp write their files.
//
// Contract: a verdict's exit code is exitCodeOf's alone (docs/interface.md §4 lists them;
// `scopemc litmus` adds 1 for a disagreement with --expect). An empty file name writes no file.
#pragma once

#include <string>

#include "session/Session.h"

namespace scopemc {

/// What to print and write besides the text on stdout (--print-error-trace, --json, ...).
struct OutputOptions {
  bool printTrace = false; // each report's witness in the text output
  std::string jsonFile;
  std::string dotFile;   // the first error's witness as Graphviz
  std::string sarifFile; // errors (and repair edits) as SARIF 2.1.0
  std::string htmlFile;  // the first error's witness as one self-contained page
  bool verbose = false;  // witnesses show the events of the tool's own headers too
};

/// Exit codes (docs/interface.md §4).
enum ExitCode : int {
  kExitVerified = 0,
  kExitError = 42,
  kExitBounded = 3,
  kExitInput = 5,    // InputError, UnsupportedProgram: what is refused, and where if known
  kExitUsage = 17,   // a bad command line, or an output file that cannot be written
  kExitInternal = 7, // a bug, or a search that failed (Verdict::Failed)
  kExitTimeout = 124
};

/// The exit code of a verdict.
inline int exitCodeOf(Verdict v) {
  switch (v) {
  case Verdict::Verified:
    return kExitVerified;
  case Verdict::ErrorFound:
    return kExitError;
  case Verdict::Bounded:
    return kExitBounded;
  case Verdict::Timeout:
    return kExitTimeout;
  case Verdict::Failed:
    return kExitInternal;
  }
  return kExitInternal;
}

} // namespace scopemc
