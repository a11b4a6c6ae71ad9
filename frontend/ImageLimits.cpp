#include "frontend/ImageLimits.h"

#include <string>
#include <vector>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Scalar/SROA.h>

#include "frontend/AstWalk.h"

namespace scopemc {
namespace {

/// Sema gives a string literal that initialises an array the array's own type, so the size
/// clang will materialise is the literal's type size.
class StringInitLimit {
public:
  StringInitLimit(clang::ASTContext &ctx, clang::DiagnosticsEngine &diags)
      : ctx_(ctx), diags_(diags) {}

  /// False once a literal is reported (one report per declaration).
  bool check(clang::StringLiteral *lit) {
    if (lit->getType().isNull() || lit->getType()->isDependentType())
      return true; // (a template's, or a declaration Sema already refused)
    const auto *array = ctx_.getAsConstantArrayType(lit->getType());
    if (!array)
      return true;
    clang::CharUnits elem = ctx_.getTypeSizeInChars(array->getElementType());
    llvm::APInt count = array->getSize();
    if (count.getActiveBits() > 63)
      return report(lit, "more than 2^63 elements");
    unsigned long long n = count.getZExtValue();
    auto width = static_cast<unsigned long long>(elem.getQuantity());
    if (width != 0 && n > kMaxStringInitBytes / width)
      return report(lit, std::to_string(n) + " elements of " + std::to_string(width) +
                             (width == 1 ? " byte" : " bytes"));
    return true;
  }

private:
  bool report(clang::StringLiteral *lit, const std::string &size) {
    unsigned id = diags_.getCustomDiagID(
        clang::DiagnosticsEngine::Error,
        "a string literal initialises an array of %0; scopemc compiles string-initialised "
        "arrays up to %1 MiB (the compiler builds the array whole, padding included): make "
        "the array smaller or fill it at run time");
    diags_.Report(lit->getBeginLoc(), id) << size << std::to_string(kMaxStringInitBytes >> 20);
    return false; // one report per declaration
  }

  clang::ASTContext &ctx_;
  clang::DiagnosticsEngine &diags_;
};

/// Runs before code generation on every top-level declaration (MultiplexConsumer calls its
/// consumers in order); clang's code generator skips declarations once an error was reported.
class StringInitCheck : public clang::ASTConsumer {
public:
  explicit StringInitCheck(clang::CompilerInstance &ci) : ci_(ci) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    StringInitLimit limit(ci_.getASTContext(), ci_.getDiagnostics());
    AstCallbacks callbacks;
    callbacks.onStmt = [&](clang::Stmt &s) {
      auto *lit = llvm::dyn_cast<clang::StringLiteral>(&s);
      return !lit || limit.check(lit);
    };
    for (clang::Decl *d : group)
      walkAst(d, callbacks);
    return true;
  }

private:
  clang::CompilerInstance &ci_;
};

} // namespace

llvm::PreservedAnalyses SroaBelowFourGiB::run(llvm::Function &f,
                                              llvm::FunctionAnalysisManager &fam) {
  const llvm::DataLayout &dl = f.getDataLayout();
  for (llvm::Instruction &i : llvm::instructions(f))
    if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i);
        a && a->getAllocatedType()->isSized() &&
        dl.getTypeAllocSize(a->getAllocatedType()).getKnownMinValue() >= (1ull << 32))
      return llvm::PreservedAnalyses::all();
  return llvm::SROAPass(llvm::SROAOptions::PreserveCFG).run(f, fam);
}

std::unique_ptr<clang::ASTConsumer>
CheckedEmitAction::CreateASTConsumer(clang::CompilerInstance &ci, llvm::StringRef file) {
  std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
  consumers.push_back(std::make_unique<StringInitCheck>(ci));
  consumers.push_back(clang::EmitLLVMOnlyAction::CreateASTConsumer(ci, file));
  return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
}

} // namespace scopemc
