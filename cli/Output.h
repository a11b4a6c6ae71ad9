// What the command line makes of a verification (docs/interface.md §3-4): the files it
// writes and the exit code. The session (session/Session.h) renders nothing and knows
// neither.
#pragma once

#include <string>

#include "session/Session.h"

namespace scopemc {

struct OutputOptions {
  bool printTrace = false;
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
  kExitInput = 5,
  kExitUsage = 17,
  kExitInternal = 7,
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
