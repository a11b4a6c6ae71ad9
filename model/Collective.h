// The result a departure of a collective barrier instance hands to its thread (a warp
// shuffle, vote, match or reduction, a counting block barrier; docs/model.md §5).
#pragma once

#include <cstdint>

#include "model/ExecutionGraph.h"

namespace scopemc {

/// What departure d returns to its thread: a function of the arrivals of d's instance (all
/// present in g once d is) and of the own arrival's operation. 0 for a plain barrier.
uint64_t collectiveResult(const ExecutionGraph &g, const BarrierDepartLabel &d);

} // namespace scopemc
