// One walk over Clang's AST for every part of the tool that looks at the nodes of a parsed
// source (the image limits check before code generation, the repair's fix finders and source
// patcher). clang::RecursiveASTVisitor is a template of several thousand functions; each class
// deriving from it instantiates all of them again (half a minute of compile time per visitor at
// -O3), so it is instantiated once, in AstWalk.cpp, and callers pass callbacks.
//
// Contract: walkAst(root, callbacks) calls callbacks.onDecl on every declaration and
// callbacks.onStmt on every statement and expression under root (root included), each node
// before its children and in source order: the order and the nodes RecursiveASTVisitor's
// defaults give (implicit code and template instantiations are not visited). A missing callback
// is skipped. A callback returning false ends the walk at once, and walkAst returns false;
// otherwise it returns true. The walk changes nothing in the AST.
#pragma once

#include <functional>

namespace clang {
class Decl;
class Stmt;
} // namespace clang

namespace scopemc {

struct AstCallbacks {
  std::function<bool(clang::Decl &)> onDecl;
  std::function<bool(clang::Stmt &)> onStmt;
};

/// Visits every node under `root` as the contract above says; false if a callback ended it.
bool walkAst(clang::Decl *root, const AstCallbacks &callbacks);

} // namespace scopemc
