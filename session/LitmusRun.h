// Running one herd-format litmus test through a verification session: the reachable final
// states with their execution counts, and the errors found on the way.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "litmus/Litmus.h"
#include "session/Session.h"

namespace scopemc {

struct LitmusRunOptions {
  ModelKind model = ModelKind::ScopedRC11;
  std::string includeDir;
  double timeoutSeconds = 0;
  unsigned workers = 1; // explorers (each with its own record of final states)
};

/// What running one test found.
struct LitmusOutcome {
  litmus::Test test;
  std::vector<std::pair<litmus::State, uint64_t>> states; // sorted, with execution counts
  uint64_t positive = 0, negative = 0; // complete executions (passing the filter) that do / do
                                       // not satisfy the condition's proposition
  uint64_t complete = 0, blocked = 0;
  std::vector<Report> errors;             // races and other errors, each distinct one once
  std::shared_ptr<const Program> program; // owns what the reports point to
  bool timedOut = false;
  double seconds = 0;

  /// Some execution satisfies the proposition of the condition (the `exists` state is
  /// reachable).
  bool reachable() const { return positive > 0; }
  /// Whether the quantified condition holds: exists p: reachable; ~exists p: not reachable;
  /// forall p: no execution violates p.
  bool validated() const;
};

/// The options that verify the C translation of `t` (made by litmus::translate): `base` with
/// its file (the test's path + ".c") and source text set. The translation copies each thread's
/// body with `#line`, so the program's source locations are the test's own lines and columns.
RunOptions translationOptions(const litmus::Test &t, const std::string &translation,
                              RunOptions base);

/// Translates, compiles and explores one test. Throws litmus::LitmusError or InputError.
LitmusOutcome runLitmus(const litmus::Test &t, const LitmusRunOptions &o);

} // namespace scopemc
