// Which read-modify-writes commute (docs/commuting.md): the static half of the commuting
// updates reduction, found when the program is loaded. The interpreter marks the RMWs so
// found (RmwInfo::commutes); the exploration (dpor/Commuting.h) explores one order of them
// where nothing can tell the orders apart.
//
// Contract: an RMW is marked only if its thread makes the same events whatever value it reads
// (its result is dead: resultUnused; an and, or, xor, min or max also runs in no loop, whose
// progress record would see what it changed: LoopProgress::noteRmw), two such RMWs on one
// location of operations that commute (rmwOpsCommute, model/RmwOps.h) leave the same value in
// either order, and the program has no SC fence (whose psc edges could see the order:
// mayFenceSc).
#pragma once

#include "model/Labels.h"
#include "model/RmwOps.h"
#include "program/analysis/Builtin.h"

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace scopemc {

/// Whether `u` only computes a value from its operands, never traps and never branches: a
/// dead one changes nothing the interpreter does (a phi is a join). Division traps on zero,
/// and a shift by the width or more is undefined behaviour the interpreter reports
/// (undefinedIntegerOp): their operands' values are seen, and they are not pure values.
bool pureValue(const llvm::Instruction &u);

/// Whether the value `i` produces is never used: its users, transitively, are only
/// instructions that neither touch memory, nor trap, nor branch (casts, arithmetic other than
/// division, comparisons, selects, address arithmetic), whose own values are unused too.
bool resultUnused(const llvm::Instruction &i);

/// Whether the program may run an SC fence: an LLVM `fence seq_cst`, or a fence builtin whose
/// order is seq_cst or not a constant, or an indirect call (which may reach one).
bool mayFenceSc(const llvm::Module &m, BuiltinOf builtinOf);

/// Whether an RMW of operation `op`, whose access is `order`, commutes with its like when its
/// result is unused and the program has no SC fence.
inline bool commutingOp(RmwOp op, MemOrder order) {
  return rmwOpsCommute(op, op) && order == MemOrder::Relaxed;
}

/// Whether what an RMW of `op` changes depends on the value it reads, so that a loop's progress
/// record (LoopProgress::noteRmw) sees that value: every commuting operation but add and sub.
inline bool changeSeesValue(RmwOp op) { return op != RmwOp::Add && op != RmwOp::Sub; }

} // namespace scopemc
