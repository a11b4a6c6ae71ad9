// Which read-modify-writes commute (docs/commuting.md): the static half of the commuting
// updates reduction. The exploration (dpor/Commuting.h) explores one order of RMWs so marked
// where nothing can tell the orders apart.
//
// Contract: an RMW is marked (RmwInfo::commutes) only if its thread makes the same events
// whatever value it reads (the result is dead), two such RMWs on one location leave the same
// value in either order (integer add and sub, modulo the width), and the program has no SC
// fence (whose psc edges could see the order).
#pragma once

#include "model/Labels.h"

namespace llvm {
class Instruction;
} // namespace llvm

namespace scopemc {

class Program;

/// Whether the value `i` produces is never used: its users, transitively, are only
/// instructions that neither touch memory, nor trap, nor branch (casts, arithmetic other than
/// division, comparisons, selects, address arithmetic), whose own values are unused too.
bool resultUnused(const llvm::Instruction &i);

/// Whether the program may run an SC fence: an LLVM `fence seq_cst`, or a fence builtin whose
/// order is seq_cst or not a constant.
bool mayFenceSc(const Program &prog);

/// Whether an RMW of operation `op`, whose access is `order`, commutes with its like (see the
/// contract above); `unused`: resultUnused of its instruction.
inline bool commutingRmw(RmwOp op, MemOrder order, bool unused, bool scFences) {
  return (op == RmwOp::Add || op == RmwOp::Sub) && order == MemOrder::Relaxed && unused &&
         !scFences;
}

} // namespace scopemc
