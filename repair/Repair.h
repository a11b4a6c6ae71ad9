// Repair (docs/model.md §7): from the errors of a verification, candidate changes to the accesses
// that made them (a wider scope, a plain access made atomic, a stronger order), applied to the
// loaded program as interpreter overrides, verified again, round after round, then made
// minimal. Which text carries each change is SourceEdit.h's business.
//
// Contract: changes only strengthen accesses (docs/model.md §7). The verdict returned is that
// of a verification of the program with the changes (Verified only as session/Session.h
// promises it: never when a bound or the time limit cut the search). Each change returned was
// tried without, and the program then had an error again.
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
struct AccessEdit {
  enum class Kind : uint8_t { Scope, MakeAtomic, Acquire, Release };
  Kind kind = Kind::Scope;
  const SourceLoc *site = nullptr;       // the access instruction
  const SourceLoc *annotation = nullptr; // the GPUMC annotation call that carries it, if any
  Scope from = Scope::System, to = Scope::System; // Scope and MakeAtomic: the scopes
  MemOrder order = MemOrder::Relaxed; // the access's order as written (for Acquire/Release)
  bool rmw = false;                   // the access is a read-modify-write
  std::string reason;                 // the error that asks for it, in words
  bool sameChange(const AccessEdit &o) const { return kind == o.kind && site == o.site; }
};

/// The access order written in the source once the edits of `site` are made.
MemOrder orderAfter(const std::vector<AccessEdit> &edits, const SourceLoc *site);

/// What one round did: the errors of its verification and the edits it added.
struct RepairRound {
  std::vector<Report> errors;
  std::vector<AccessEdit> added;
  Verdict verdict = Verdict::Verified;
  double seconds = 0;
  uint64_t executions = 0;
};

struct RepairResult {
  std::vector<RepairRound> rounds;
  std::vector<AccessEdit> edits;    // minimal: none can be dropped
  std::vector<Report> unrepairable; // errors no rule applies to (with `why`)
  std::vector<std::string> why;     // per unrepairable error
  /// Per unrepairable error: the order repair (RepairOptions::orders), not asked for, may
  /// repair it.
  std::vector<bool> ordersMayHelp;
  RunResult last; // the verification of the program with `edits`
  /// Every access each GPUMC annotation call decided in the runs (for splitting a shared
  /// annotation when only some of its accesses change).
  std::map<const SourceLoc *, std::vector<const SourceLoc *>> annotated;
  unsigned verifications = 0;
  double seconds = 0;
};

/// Repairs `program` (loaded with opts). The program is verified with opts (their limits, the
/// exploration options) at each round, stopping at the round's first error (its candidate
/// edits are the round's).
RepairResult repairProgram(const std::shared_ptr<const Program> &program, const RunOptions &opts,
                           const RepairOptions &ropts);

} // namespace scopemc
