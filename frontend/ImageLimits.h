// What the compiler is asked to build, checked before it builds it, and the one IR pass that
// must not see objects past 4 GiB.
//
// Contract: CheckedEmitAction is used as EmitLLVMOnlyAction is; its check reports an error
// diagnostic at the literal, so the compile fails as for any other error (and the caller's
// InputError carries the message). It sees each top-level declaration Clang hands its consumer,
// bodies included, but not a literal of a dependent type. SroaBelowFourGiB is SROA (keeping
// the CFG) on a function with no alloca of 4 GiB or more, and changes nothing in one with.
#pragma once

#include <memory>

#include <clang/CodeGen/CodeGenAction.h>
#include <llvm/IR/PassManager.h>

namespace scopemc {

/// Bytes of a string-initialised array the compiler is asked to build. Clang materialises
/// such an array whole, padding included (`char a[1L << 40] = "abc"` would allocate a
/// terabyte and abort the process), while a zero or brace-initialised array costs nothing.
inline constexpr unsigned long long kMaxStringInitBytes = 64ULL << 20;

/// Clang's in-memory codegen, preceded by a check of what it is asked to build: an array
/// initialised from a string literal of more than kMaxStringInitBytes is a placed compile
/// error (and code generation is skipped), never an out-of-memory abort.
class CheckedEmitAction : public clang::EmitLLVMOnlyAction {
public:
  using clang::EmitLLVMOnlyAction::EmitLLVMOnlyAction;

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef file) override;
};

/// SROA, except in a function with a local of 4 GiB or more: LLVM 19's SROA cuts such an
/// object into slices whose sizes wrap at 32 bits, so a local that must overflow the stack
/// could become a small one. (It overflows the stack anyway: its frame is left as written.)
struct SroaBelowFourGiB : llvm::PassInfoMixin<SroaBelowFourGiB> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

} // namespace scopemc
