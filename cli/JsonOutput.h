// The versioned machine-readable result (--json FILE; docs/interface.md §3). One of the
// command line's renderers (cli/Output.h); `scopemc repair` adds a "repair" object to it.
//
// Contract: a function of its arguments, reading the reports' resolved witnesses and source
// locations (valid while res.program lives). search_complete is true only when nothing (a
// limit, a loop bound, the first error, a failure, a sampled value) cut the search.
#pragma once

#include <string>

#include "session/Session.h"

namespace scopemc {

/// 2: a position gives its kernel launch ("launch", 0 for the first) and its block within it.
constexpr int kJsonSchemaVersion = 2;
/// The result as JSON text (indented by 2): verdict, what bounded the search, counts,
/// reductions, time, `peakRssKb` as peak_memory_kb, and each report with its events and
/// witness; `file` is written as given.
std::string resultToJson(const RunResult &res, const std::string &file, long peakRssKb);

} // namespace scopemc
