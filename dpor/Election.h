// The serial thread of a barrier instance (pthread_barrier_wait's
// PTHREAD_BARRIER_SERIAL_THREAD), as a choice of the search (docs/development.md, "Barriers").
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
void electSerial(const ExecutionGraph &g, BarrierDepartLabel &d, std::vector<ThreadId> &others);

} // namespace scopemc
