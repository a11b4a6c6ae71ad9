// Capture tracking (load time): which stack objects never leave their thread. The
// interpreter keeps such an object in the thread's private memory, which makes no events.
//
// Contract: an alloca is reported private only if no use of its address may let another
// thread reach it. Calls of the thread builtins that only write through a pointer argument
// (pthread_create's id, pthread_join's result) or read a CUDA launch's argument array during
// the call do not capture it; every other use that may capture does.
#pragma once

#include <llvm/ADT/DenseSet.h>

#include "program/analysis/Builtin.h"

namespace llvm {
class AllocaInst;
class Function;
} // namespace llvm

namespace scopemc {

/// Adds the allocas of `f` whose address never leaves their thread to `out`.
void findPrivateAllocas(const llvm::Function &f, BuiltinOf builtinOf,
                        llvm::DenseSet<const llvm::AllocaInst *> &out);

} // namespace scopemc
