// The shape of each function (load time): a register slot per argument and instruction, and
// its loops. The interpreter's loop-progress rules (interpreter/LoopProgress.h, docs/dpor.md
// §4) read it to cut iterations that make no progress.
//
// Contract: filled once when the program is loaded, then only read (by every worker).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>

#include "program/analysis/Builtin.h"

namespace scopemc {

struct LoopData {
  const llvm::Loop *loop;
  /// Whether the thread's clock (time(), clock()) is part of the state an iteration must leave
  /// as it found it: a branch, an address or a call of the loop itself (not of a loop inside
  /// it) depends on a clock reading, or the loop calls a function that is not a builtin. A
  /// delay loop inside a spin loop then ends while the spin loop still blocks.
  bool clockMatters = true;
};

struct FunctionInfo {
  const llvm::Function *fn = nullptr;
  uint64_t address = 0;
  llvm::DenseMap<const llvm::Value *, uint32_t> slots; // arguments and instructions
  uint32_t numSlots = 0;
  std::unique_ptr<llvm::DominatorTree> dt;
  std::unique_ptr<llvm::LoopInfo> loops;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> loopOfHeader;
  std::vector<LoopData> loopData;
};

/// Fills the slots and the loops of `fi` (whose fn is a function with a body).
void describeFunction(FunctionInfo &fi, BuiltinOf builtinOf);

} // namespace scopemc
