// Running one herd-format litmus test through a verification session: the reachable final
// states with their execution counts, and the errors found on the way. Above session/Session.h
// and litmus/ (which it joins: translation, then verifyProgram); below cli/Litmus.h and repair.
//
// Contract: every execution is explored (no stop at the first error); a final state is
// recorded for each execution in which every thread finished, as the coherence-last value of
// each observed global. The counts are those of the explorers' executions, so up to the
// reductions the options leave on (and, when verifyProgram starts over without a reduction,
// the abandoned search's executions are counted too); a test the timeout cut (timedOut) has
// incomplete states. The outcome carries no other verdict of the run.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "litmus/Litmus.h"
#include "session/Session.h"

namespace scopemc {

/// What runLitmus takes from the command line; every other RunOptions field keeps its default.
struct LitmusRunOptions {
  ModelKind model = ModelKind::ScopedRC11;
  std::string includeDir;    // the tool's headers (FrontendOptions::includeDir)
  double timeoutSeconds = 0; // 0: none
  unsigned workers = 1;      // explorers (each with its own record of final states)
};

/// What running one test found.
struct LitmusOutcome {
  litmus::Test test;
  /// Every final state reached (filter or not), sorted by State::toString, with its number of
  /// executions.
  std::vector<std::pair<litmus::State, uint64_t>> states;
  uint64_t positive = 0, negative = 0;    // complete executions (passing the filter) that do / do
                                          // not satisfy the condition's proposition
  uint64_t complete = 0, blocked = 0;     // the exploration's counts
  std::vector<Report> errors;             // races and other errors, each distinct one once
  std::shared_ptr<const Program> program; // owns what the reports point to
  bool timedOut = false;
  double seconds = 0; // the exploration's (translation and compilation not counted)

  /// Some execution passing the filter satisfies the proposition of the condition (the
  /// `exists` state is reachable).
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

/// Translates, compiles and explores one test with o.workers explorers. Throws
/// litmus::LitmusError (what the translation cannot express), InputError (the translation
/// does not compile), UnsupportedProgram, or InternalError (a bug: the translation's global
/// of an observed value is missing).
LitmusOutcome runLitmus(const litmus::Test &t, const LitmusRunOptions &o);

} // namespace scopemc
