// The revisit conditions of the search (docs/dpor.md §2), as functions of the graph.
#pragma once

#include "model/ExecutionGraph.h"

namespace scopemc {

/// What a backward revisit r <- w keeps of g: the events added before r, and w's
/// porf-prefix.
View keptView(const ExecutionGraph &g, Event r, Event w);
/// Whether the revisit r <- w that keeps `kept` of g is the one way to reach its graph: r
/// and every event it deletes were added maximally, and w's co-successor stays.
bool isMaximalExtension(const ExecutionGraph &g, Event r, Event w, const View &kept);

} // namespace scopemc
