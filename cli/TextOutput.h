// Renders a verification result as text (GenMC-compatible lines where they overlap).
#pragma once

#include <ostream>

#include "session/Session.h"

namespace scopemc {

/// The value `r` reads in `g` (the initial value of its location when it reads init).
uint64_t readValueOf(const ExecutionGraph &g, const ReadLabel &r, const Program &p);
/// "T3 (device 0, block 1, thread 0)" or "T0 (host thread)".
std::string threadName(const ExecutionGraph *g, Event e, const ThreadPos &pos);
void printReport(std::ostream &os, const Report &r, const Program &p, bool trace);
/// `text` safe for a terminal: control bytes other than newline and tab (an input's escape
/// sequences quoted in a message) written as \xNN.
std::string printable(std::string_view text);
void printTrace(std::ostream &os, const ExecutionGraph &g, const Program &p,
                const std::vector<Event> &highlight);
void printSummary(std::ostream &os, const RunResult &res, unsigned unroll);

} // namespace scopemc
