// Renders a verification result as text (GenMC-compatible lines where they overlap), from the
// reports alone.
#pragma once

#include <ostream>

#include "checks/Witness.h"
#include "session/Session.h"

namespace scopemc {

/// An error: its kind, message, the reported events (named), why they are an error, and with
/// `trace` the witness, the tool's own headers' events folded unless `verbose`.
void printReport(std::ostream &os, const Report &r, bool trace, bool verbose = false);
/// `text` safe for a terminal: control bytes other than newline and tab (an input's escape
/// sequences quoted in a message) written as \xNN.
std::string printable(std::string_view text);
void printTrace(std::ostream &os, const Witness &w, bool verbose);
void printSummary(std::ostream &os, const RunResult &res, unsigned unroll);

} // namespace scopemc
