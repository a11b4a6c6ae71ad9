// `scopemc litmus`: runs herd-format litmus tests through the engine and prints, herd7-style,
// every reachable final state with its number of executions and the condition's verdict.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/Driver.h"
#include "litmus/Litmus.h"

namespace scopemc {

struct LitmusRunOptions {
  ModelKind model = ModelKind::ScopedRC11;
  std::string includeDir;
  double timeoutSeconds = 0;
};

/// What running one test found.
struct LitmusOutcome {
  litmus::Test test;
  std::vector<std::pair<litmus::State, uint64_t>> states; // sorted, with execution counts
  uint64_t positive = 0, negative = 0; // complete executions (passing the filter) that do / do
                                       // not satisfy the condition's proposition
  uint64_t complete = 0, blocked = 0;
  std::vector<Report> errors; // races and other errors, each distinct one once
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

/// Translates, compiles and explores one test. Throws litmus::LitmusError or InputError.
LitmusOutcome runLitmus(const litmus::Test &t, const LitmusRunOptions &o);

/// The herd7-style report of one test.
void printLitmus(std::ostream &os, const LitmusOutcome &r);

/// `scopemc litmus FILE|DIR... [--expect CSV] [--model M] [--timeout S]`; returns the exit code.
int litmusCommand(const std::vector<std::string> &args, const std::string &includeDir);

} // namespace scopemc
