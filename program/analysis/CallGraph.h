// What code a thread may run, from its entry function: the static call graph through direct
// calls.
//
// Contract: a function of the module alone; the list is deterministic (the entry first, then
// callees in the order their calls appear) and holds only functions with a body. Nullopt as
// soon as an indirect call (other than inline assembly) is reachable: the answer would not be
// complete.
#pragma once

#include <optional>
#include <vector>

#include <llvm/IR/Function.h>

namespace scopemc {

/// The functions a thread starting at `entry` may run: direct calls only (nullopt at an
/// indirect call).
std::optional<std::vector<const llvm::Function *>> reachableFunctions(const llvm::Function &entry);

} // namespace scopemc
