// What the exploration tells the user when an execution grows long or a limit stops the
// search: built from the graph and the runner's view of the program, never printed here.
#pragma once

#include <cstdint>
#include <string>

#include "dpor/Options.h"
#include "model/ExecutionGraph.h"
#include "runner/EventSink.h"

namespace scopemc {

/// The warning for one execution grown past `limit` events, naming the program's busiest
/// loops (ExplorationOptions::longExecutionEvents).
ExplorationWarning longExecutionWarning(size_t limit, const ProgramRunner &runner);

/// Why the memory limit (`limitMb`) was reached: the size of the execution under exploration
/// and, when the program launches more threads than it holds yet, about how much memory the
/// largest launch needs at the memory per thread so far (ExplorationResult::memoryNote).
std::string memoryLimitNote(const ExecutionGraph &g, const ProgramRunner &runner, uint64_t limitMb);

} // namespace scopemc
