#include "frontend/AstWalk.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace scopemc {
namespace {

/// The project's only RecursiveASTVisitor: VisitDecl and VisitStmt are called on every node of
/// their kind (before the kind's more specific Visit functions, which it leaves as they are).
class CallbackVisitor : public clang::RecursiveASTVisitor<CallbackVisitor> {
public:
  explicit CallbackVisitor(const AstCallbacks &callbacks) : callbacks_(callbacks) {}
  bool VisitDecl(clang::Decl *d) { return !callbacks_.onDecl || callbacks_.onDecl(*d); }
  bool VisitStmt(clang::Stmt *s) { return !callbacks_.onStmt || callbacks_.onStmt(*s); }

private:
  const AstCallbacks &callbacks_;
};

} // namespace

bool walkAst(clang::Decl *root, const AstCallbacks &callbacks) {
  CallbackVisitor visitor(callbacks);
  return visitor.TraverseDecl(root);
}

} // namespace scopemc
