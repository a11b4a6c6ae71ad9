// The memory models a ConsistencyChecker implements, made by kind: the one place that knows
// every implementation (model/ScopedRC11.h), so the interface (model/Consistency.h) knows none.
//
// Contract: a new checker per call, owned by the caller; the checkers keep no global state.
#pragma once

#include <memory>

#include "model/Consistency.h"

namespace scopemc {

/// `crossCheckPsc`: compare each incremental psc answer with the from-scratch one (tests).
std::unique_ptr<ConsistencyChecker> makeConsistencyChecker(ModelKind kind,
                                                           bool crossCheckPsc = false);

} // namespace scopemc
