// The value an RMW operation writes, given what it read: one definition for the interpreter
// (which runs the RMW) and the exploration (which recomputes a deferred update's write when
// the write before it in coherence order changes; docs/commuting.md).
#pragma once

#include <cstdint>

#include "model/Labels.h"

namespace scopemc {

/// What `op` with operand `x` writes over `old`, on `size` bytes (floating-point operations:
/// 4 bytes is float, 8 double).
uint64_t applyRmw(RmwOp op, uint64_t old, uint64_t x, uint32_t size);

} // namespace scopemc
