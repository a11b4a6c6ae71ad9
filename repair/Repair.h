// Repair (docs/model.md §7): from the errors of a verification, candidate changes to the accesses
// that made them (a wider scope, a plain access made atomic, a stronger order), applied to the
// loaded program as interpreter overrides, verified again, round after round, then made
// minimal. Which text carries each change is SourceEdit.h's business.
//
// Contract: changes only strengthen accesses (docs/model.md §7): a scope is only widened, an
// order only made stronger, a plain access only made atomic. They are applied as interpreter
// overrides (InterpreterOptions::overrides) to the one loaded program; no text is changed and
// nothing is compiled again. The verdict returned is that of a verification of the program
// with the changes (Verified only as session/Session.h promises it: never when a bound or the
// time limit cut the search), except when maxRounds ran out while a round still added changes
// (RepairResult::last). When it is Verified, each change returned was tried without (the others
// kept then), and the program then did not verify.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "session/Session.h"

namespace scopemc {

struct RepairOptions {
  /// Also strengthen orders (relaxed -> release/acquire) for data races and assertion
  /// violations that a reads-from edge would order.
  bool orders = false;
  /// Then repair data races and atomicity violations on the text (repair/RaceRepair.h).
  bool races = false;
  unsigned maxRounds = 8;
  /// Told what happens (a round's verification starts, an edit is dropped...).
  std::function<void(const std::string &)> progress;
};

/// One change to the accesses one instruction makes; several may touch one instruction.
/// Its pointers point into the program repaired (valid while it is loaded).
struct AccessEdit {
  enum class Kind : uint8_t { Scope, MakeAtomic, Acquire, Release };
  Kind kind = Kind::Scope;
  const SourceLoc *site = nullptr;       // the access instruction (never null once returned)
  const SourceLoc *annotation = nullptr; // the GPUMC annotation call that carries it, if any
  /// Scope: the scope as written and the wider one wanted; MakeAtomic: the plain access's
  /// scope and the narrowest one holding both racing threads; Acquire and Release: both the
  /// access's scope.
  Scope from = Scope::System, to = Scope::System;
  MemOrder order = MemOrder::Relaxed; // the access's order as written (NotAtomic: MakeAtomic)
  bool rmw = false;                   // the access is a read-modify-write
  std::string reason;                 // the error that asks for it, in words
  /// The same kind of change to the same instruction (whatever the scopes).
  bool sameChange(const AccessEdit &o) const { return kind == o.kind && site == o.site; }
};

/// The access order written in the source once the edits of `site` are made: the first such
/// edit's `order` (plain read as relaxed) with the acquire and release edits added; seq_cst
/// stays; relaxed when no edit names `site`.
MemOrder orderAfter(const std::vector<AccessEdit> &edits, const SourceLoc *site);

/// What one round did: the errors of its verification and the edits it added.
struct RepairRound {
  std::vector<Report> errors;
  std::vector<AccessEdit> added;
  Verdict verdict = Verdict::Verified;
  double seconds = 0;      // the verification's search
  uint64_t executions = 0; // complete executions of that search (stopped at its first error)
};

struct RepairResult {
  std::vector<RepairRound> rounds;
  /// Every edit made; when `last` verified, each was dropped in turn (last first) and kept only
  /// if the program did not verify without it (the others then kept).
  std::vector<AccessEdit> edits;
  /// The last round's errors no rule applies to (or whose access has no source location).
  std::vector<Report> unrepairable;
  std::vector<std::string> why; // per unrepairable error
  /// Per unrepairable error: the order repair (RepairOptions::orders), not asked for, may
  /// repair it.
  std::vector<bool> ordersMayHelp;
  /// The last verification that counts: of the program with `edits`, except when maxRounds ran
  /// out while the last round added edits (then without that round's additions, never
  /// verified here; RepairFile verifies the text afresh).
  RunResult last;
  /// Every access each GPUMC annotation call decided in the runs (for splitting a shared
  /// annotation when only some of its accesses change).
  std::map<const SourceLoc *, std::vector<const SourceLoc *>> annotated;
  unsigned verifications = 0; // rounds and minimisation
  double seconds = 0;         // wall time of repairProgram
};

/// Repairs `program` (loaded with opts). The program is verified with opts (their limits, the
/// exploration options; progress lines off) at each round, stopping at the round's first error
/// (its candidate edits are the round's); rounds end when one adds no edit or after
/// ropts.maxRounds. Rules by error: a heterogeneous race widens both scopes; a data race with
/// a plain access of a GPUMC weak-access annotation makes it atomic, else widens the scopes of
/// a release/acquire synchronisation between the threads, else (ropts.orders) strengthens the
/// reads-from edges of the cheapest ordering chain; an assertion violation only with
/// ropts.orders. Throws what verifyProgram throws.
RepairResult repairProgram(const std::shared_ptr<const Program> &program, const RunOptions &opts,
                           const RepairOptions &ropts);

} // namespace scopemc
