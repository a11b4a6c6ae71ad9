// A small evaluator of herd's .cat language, enough for docs/scoped-rc11.cat: the memory model
// written once as data, which the differential oracle evaluates on every candidate execution
// (Reference.cpp), so that the exploration is tested against the specification's own text.
//
// Accepted: an optional title (a quoted string) first; comments (* ... *); `let NAME = EXPR`;
// checks `acyclic EXPR as NAME`, `irreflexive EXPR as NAME`, `empty EXPR as NAME`.
// Expressions: names, `[SET]` (sets are relations on the diagonal, so [S] is S), `id`, `0` (the
// empty relation), parentheses, the postfix operators `^-1`, `+`, `*`, `?`, and the binary
// operators, from the loosest: `|` (union), `;` (sequence), `\` (difference), `&`
// (intersection). Unlike herd, no functions, `let rec`, sets of tags or procedures.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/oracle/Relation.h"

namespace scopemc::oracle {

/// A .cat text the evaluator does not accept, or a name it does not know: says the line.
struct CatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class CatModel {
public:
  /// Parses `text` (`source` names it in errors). Throws CatError.
  static CatModel parse(const std::string &text, const std::string &source);
  /// Reads and parses a file. Throws CatError.
  static CatModel load(const std::string &path);

  /// Whether an execution with these base relations and sets (`base`, each over `n` events)
  /// passes every check; `failed` gets the name of the first check that does not.
  bool allows(const std::map<std::string, Rel> &base, size_t n,
              std::string *failed = nullptr) const;
  /// The model without the check named `check` (tests show that each check matters).
  CatModel without(const std::string &check) const;
  std::vector<std::string> checks() const;

  struct Node;
  struct Statement;

private:
  std::vector<std::shared_ptr<const Statement>> statements_;
};

} // namespace scopemc::oracle
