#pragma once

#include <memory>

#include <clang/CodeGen/CodeGenAction.h>

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

} // namespace scopemc
