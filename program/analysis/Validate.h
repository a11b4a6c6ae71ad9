// Load-time validation (the last analysis): what the interpreter cannot run is refused here,
// naming the construct and file:line, before any exploration starts.
//
// Contract: a function that passes validateFunction contains only instructions, intrinsics,
// syncscopes and calls the interpreter runs: calls of defined functions or of the builtins it
// models, with as many integer or pointer arguments as they read. Everything else throws
// InputError (frontend/InputError.h) with the position of the first such thing.
#pragma once

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>

#include "model/Labels.h"
#include "program/analysis/Builtin.h"

namespace llvm {
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace scopemc {

/// What validation needs to know of the interpreter and the program.
struct ValidationContext {
  BuiltinOf builtinOf;
  /// The source position of an instruction, if it has one.
  llvm::function_ref<const SourceLoc *(const llvm::Instruction &)> sourceOf;
  /// Whether the interpreter's math library computes an intrinsic (MathLib.h).
  llvm::function_ref<bool(llvm::Intrinsic::ID)> computesIntrinsic;
  /// Whether a named syncscope of the module stands for a scope scopemc knows.
  llvm::function_ref<bool(llvm::SyncScope::ID)> knownSyncScope;
};

/// Refuses what the interpreter cannot run in `f` (a function with a body).
void validateFunction(const llvm::Function &f, const ValidationContext &cx);

/// Refuses GenMC's persistency features (a recovery routine, persistent globals).
void refusePersistency(const llvm::Module &m);

/// Why a known library or verifier function is not modelled, for the load-time refusal
/// (empty when the name is not one of those).
llvm::StringRef refusalReason(llvm::StringRef name);

} // namespace scopemc
