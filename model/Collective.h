// The result a departure of a collective barrier instance hands to its thread (a warp
// shuffle, vote, match or reduction, a counting block barrier; docs/model.md §5), and who
// takes part in an instance when not every thread it names arrives.
//
// Contract: every function only reads g and d. d need not be in g yet (the scheduler asks
// before adding it), but the event before it must be: its thread's arrival at d's instance.
// Answers are functions of g's events, not of the order they were added in: collectiveResult
// combines the arrivals in lane order, and lists come in thread order. The labels returned are
// g's, valid while their events stay in g. What the interpreter checks before a thread arrives
// (e.g. that a shuffle's source lane takes part) is assumed here, not checked again.
#pragma once

#include <cstdint>
#include <optional>
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

/// A warp's convergence barrier (__activemask() called from one place, model/BarrierKeys.h)
/// has no fixed members: each instance is made of the lanes that call it together. The k-th
/// call of a lane joins instance k or, if a departure has closed that one already, the first
/// open one after it: the instance for an arrival at b whose lane made `from` calls before.
uint32_t openConvergenceInstance(const ExecutionGraph &g, Addr b, uint32_t from);

/// For departure d of a convergence barrier instance: the lanes of d's warp that take no part
/// in it, each by the event that shows it cannot call the instance while its callers wait:
/// its finish, its error or block (final in this execution), its arrival at an instance of
/// a block or grid barrier, or of a warp collective naming a caller, that some caller has
/// not arrived at, or its arrival at an undecided instance of another convergence barrier
/// that waits for this one's callers and goes second: of two instances, the one whose
/// callers had made fewer events when they called it goes first (they are behind).
/// Nullopt while a lane may still call it (it runs, waits elsewhere, or has not started). Once
/// known, the answer holds until the instance's first departure is added (no lane it names can move
/// before); every departure of the instance keeps that answer (BarrierDepartLabel::absent), and the
/// result is the mask of the lanes that arrived.
std::optional<std::vector<Event>> convergenceAbsent(const ExecutionGraph &g,
                                                    const BarrierDepartLabel &d);

} // namespace scopemc
