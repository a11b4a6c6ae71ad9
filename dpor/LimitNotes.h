// What the exploration tells the user when an execution grows long or a limit stops the
// search: built from the graph and the runner's view of the program, never printed here.
//
// Contract: both build text only; they change neither g nor the runner. What they say of the
// program is the runner's state at the call (the loop counters of its threads as they run now,
// the largest launch so far): a hint for the user, not a fact of every execution. The warning
// names at most five loops that went round 100 times or more, and says whether it names any
// (namesBusyLoops); the memory a launch needs is the limit scaled by threads, a rough measure
// that the text calls "about". `runner` must be the one that made g's events.
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
