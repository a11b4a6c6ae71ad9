// The revisit conditions of the search (docs/dpor.md §2), as functions of the graph.
//
// Contract: both are functions of g and their arguments (nothing is kept), so a revisit is taken
// or not alike in every run and process. The three conditions of isMaximalExtension
// (docs/dpor.md §2) give each graph exactly one path from the empty graph: they are what makes
// each graph explored once. The caller guarantees that r is a read and w a write of g to r's
// location, r not in w's porf-prefix, and that `kept` is keptView(g, r, w); nothing is checked
// but by the casts. Whether the new graph keeps an RMW atomic is the caller's to ask
// (ConsistencyChecker::rmwStaysAtomic).
#pragma once

#include <vector>

#include "model/Consistency.h"
#include "model/ExecutionGraph.h"

namespace scopemc {

/// What a backward revisit r <- w keeps of g: the events added no later than r (r with
/// them), and w's porf-prefix.
View keptView(const ExecutionGraph &g, Event r, Event w);
/// Whether the revisit r <- w that keeps `kept` of g is the one way to reach its graph: r
/// and every event it deletes are revisitable, were added maximally and observe no write
/// co-before a kept write other than w, and w's co-successor stays.
bool isMaximalExtension(const ExecutionGraph &g, Event r, Event w, const View &kept);
/// The reads of w's location that write w (just added to g) revisits: not in its porf-prefix,
/// revisitable and added maximally, the revisit a maximal extension (and, for an RMW's write,
/// one that keeps the RMW atomic under `checker`), in the order of the location's reads.
std::vector<Event> revisitedReads(const ExecutionGraph &g, Event w,
                                  const ConsistencyChecker &checker);

} // namespace scopemc
