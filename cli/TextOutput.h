// Renders a verification result as text (GenMC-compatible lines where they overlap), from the
// reports alone. One of the command line's renderers (cli/Output.h); docs/interface.md §3
// gives the lines scripts rely on ("Error: KIND!", "No errors were detected.", the counts).
//
// Contract: functions of their arguments that only write to `os` (the reports' source
// locations must be valid: their program loaded). Text from the input (messages, names) is
// written as it is; the command line passes what it prints on stderr through printable().
#pragma once

#include <ostream>

#include "checks/Witness.h"
#include "session/Session.h"

namespace scopemc {

/// An error: its kind, message, the reported events (named), why they are an error, and with
/// `trace` the witness, the tool's own headers' events folded unless `verbose`.
void printReport(std::ostream &os, const Report &r, bool trace, bool verbose = false);
/// `text` safe for a terminal: control bytes other than newline and tab, and DEL (an input's
/// escape sequences quoted in a message), written as \xNN; other bytes (UTF-8) kept.
std::string printable(std::string_view text);
/// The witness thread by thread in program order, runs of like events folded (foldRuns); the
/// tool's own headers' events folded into a count unless `verbose`.
void printTrace(std::ostream &os, const Witness &w, bool verbose);
/// The counts, time and verdict: "No errors were detected." when verified, a line per
/// qualification (symmetry, commuting updates, restarts without a reduction) and, when not
/// verified, why (`unroll`: the loop bound named when it cut the search).
void printSummary(std::ostream &os, const RunResult &res, unsigned unroll);

} // namespace scopemc
