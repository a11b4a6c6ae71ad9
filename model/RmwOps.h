// What RMW operations do: which of them commute, and the value one writes given what it read
// (one definition for the interpreter, which runs the RMW, and the exploration, which
// recomputes a deferred update's write when the write before it in coherence order changes;
// docs/commuting.md).
#pragma once

#include <cstdint>

#include "model/Labels.h"

namespace scopemc {

/// Whether two RMWs of operations `a` and `b` on one location leave the same value in either
/// order, whatever they read (docs/commuting.md): integer add and sub with each other (modulo
/// the width), each of and, or, xor, min, max, umin and umax with itself.
constexpr bool rmwOpsCommute(RmwOp a, RmwOp b) {
  auto additive = [](RmwOp o) { return o == RmwOp::Add || o == RmwOp::Sub; };
  if (additive(a) || additive(b))
    return additive(a) && additive(b);
  const bool alike = a == RmwOp::And || a == RmwOp::Or || a == RmwOp::Xor || a == RmwOp::Max ||
                     a == RmwOp::Min || a == RmwOp::UMax || a == RmwOp::UMin;
  return alike && a == b;
}

/// What `op` with operand `x` writes over `old`, on `size` bytes (floating-point operations:
/// 4 bytes is float, 8 double).
uint64_t applyRmw(RmwOp op, uint64_t old, uint64_t x, uint32_t size);

} // namespace scopemc
