// The result a departure of a collective barrier instance hands to its thread (a warp
// shuffle, vote, match or reduction, a counting block barrier; docs/model.md §5).
#pragma once

#include <cstdint>
#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

/// What departure d returns to its thread: a function of the arrivals of d's instance (all
/// present in g once d is) and of the own arrival's operation. 0 for a plain barrier.
uint64_t collectiveResult(const ExecutionGraph &g, const BarrierDepartLabel &d);

/// Whether departure d of a plain barrier (not a collective) ends an idle round: every
/// participant's arrival at its instance says that the participant's loop iteration before it
/// was idle from the same instance on (BarrierArriveLabel::idleFrom). Then each departure
/// blocks its thread (docs/dpor.md §4, "Idle rounds").
bool completesIdleRound(const ExecutionGraph &g, const BarrierDepartLabel &d);

/// The finish events of the lanes that warp collective d's mask names, that finished without
/// arriving at d's instance, and whose exit CUDA lets the collective go on without: "all
/// non-exited threads named in mask must execute the same intrinsic" (shuffles, votes,
/// matches, reductions; not __syncwarp, whose every named lane must arrive). The instance
/// completes once its arrivals and these make up its count (dpor's Scheduler), and they are
/// porf-before its departures (they decide when those may be added). Empty for any other
/// barrier, and while arrivals are missing from lanes that have not finished.
std::vector<const EventLabel *> exitedLanes(const ExecutionGraph &g, const BarrierDepartLabel &d);

/// For a shuffle departure d: the finish of the lane it reads, when that lane exited instead
/// of arriving (CUDA leaves the value undefined; checks/ reports it). Null otherwise.
const EventLabel *exitedSource(const ExecutionGraph &g, const BarrierDepartLabel &d);

} // namespace scopemc
