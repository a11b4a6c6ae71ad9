// Choices about barrier instances the search makes as it adds their events: the serial
// thread of an instance (pthread_barrier_wait's PTHREAD_BARRIER_SERIAL_THREAD, as a choice:
// docs/development.md, "Barriers"), and the members of a warp's convergence barrier instance
// (__activemask(), a function of the graph: model/Collective.h).
//
// Contract: the three are functions of the graph and the label (nothing is kept between
// calls), so a graph reached again, or replayed by another process, makes the same choices.
// electSerial takes a departure already in g whose instance's arrivals are in g (the scheduler
// lets a departure run only then); it clears `others` first, makes the lowest-numbered choice
// serial and lists the others in thread order. That one non-user stands for all is assumed here:
// tests/fuzz/reductions.py compares it with --no-reductions (and must catch the waived
// Premise::ElectionAlternatives). settleConvergence and oversubscribedPhase take a label not yet in
// g: the first changes convergence-barrier labels only; the second is true only for pthread barrier
// arrivals (never a block's, grid's or warp's barrier), and throws UnsupportedProgram as said
// below.
#pragma once

#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

/// Sets the serial thread of departure d (just added to g) and lists in `others` the other
/// choices the search must also explore. The first departure of an instance chooses among
/// the participants that read the result (in thread order), plus the lowest-numbered one that
/// does not, if any: which of those is serial cannot be told apart. The first choice is the
/// one the search takes first (d stays "added maximally"); later departures of the instance
/// copy the choice and add no alternative. No participant reading the result: no serial thread
/// and no alternative.
/// `oneNonUser` false: every participant is a choice (the reference search). `alternatives`
/// false (a test waived Premise::ElectionAlternatives): the first choice only.
void electSerial(const ExecutionGraph &g, BarrierDepartLabel &d, std::vector<ThreadId> &others,
                 bool oneNonUser = true, bool alternatives = true);

/// Before `lab` is added to g: an arrival at a warp's convergence barrier joins the first
/// open instance from the one its thread asks for (openConvergenceInstance); a departure of
/// one records the lanes absent from its instance (convergenceAbsent; the scheduler lets it
/// run only once they are known). Other events are left as they are.
void settleConvergence(const ExecutionGraph &g, EventLabel &lab);

/// Before `lab` is added to g: whether it is an arrival at a barrier object (a pthread
/// barrier) whose instance already holds as many arrivals as the count. With instance k made
/// of the threads' k-th calls, the extra thread would in truth wait for the next phase: the
/// search stops (ExplorationResult::barrierOversubscribed) and the caller starts it over with
/// phases formed by arrival order (InterpreterOptions::barrierArrivalOrder, docs/model.md §5).
/// An arrival already placed by arrival order can only be oversubscribed when the barrier was
/// initialised again after use: that throws UnsupportedProgram.
bool oversubscribedPhase(const ExecutionGraph &g, const EventLabel &lab);

} // namespace scopemc
