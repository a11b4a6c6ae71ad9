// The verification session: load a program, explore it, collect the reports. Every front end
// (the tool's commands, the litmus runner, repair, the tests and benchmarks) verifies through
// this API; it renders nothing (output files and exit codes are the command line's,
// cli/Output.h).
//
// Contract: options in, a Verdict and results out. Verified only when the search ran to its
// end with no error, and no loop bound, memory limit, sampled value or time limit cut it
// (else Bounded, Timeout or Failed, never Verified); the reports are the bug checks'
// (checks/Report.h), ready to render. Input that cannot be compiled or loaded throws
// InputError, a program using what is not modelled throws UnsupportedProgram (each with
// file:line where there is one); InternalError is a bug of the tool (distributed: also an
// explorer's exception on another process). A loaded Program is only read: it may be verified
// several times, each time with other options.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/BugChecker.h"
#include "dpor/Estimate.h"
#include "dpor/Observer.h"
#include "dpor/Options.h"
#include "dpor/Parallel.h"
#include "frontend/Frontend.h"
#include "frontend/KernelHarness.h"
#include "interpreter/InterpreterOptions.h"
#include "program/Program.h"

namespace scopemc {

/// Everything one verification reads; the session never changes the caller's copy.
struct RunOptions {
  std::string file; // the input; its extension picks the front end (frontend/Frontend.h)
  FrontendOptions frontend;
  KernelOptions kernel; // --kernel: run this kernel on a grid instead of main
  /// --args: argv[1], argv[2]... as main sees them (argv[0] names the program: "./NAME" for
  /// NAME.c).
  std::vector<std::string> programArguments;
  /// --undefined-functions=nondet: ProgramOptions::undefinedAsNondet.
  bool undefinedAsNondet = false;
  InterpreterOptions interpreter;
  ExplorationOptions exploration;
  CheckOptions checks;
  /// Where the explorers run (dpor/Parallel.h); null: on this process, with
  /// exploration.workers TBB workers. A distributed backend (distributed/) is called by
  /// every process of the run, each calling verify the same way.
  std::shared_ptr<ExplorationBackend> backend;
  /// Turns the reductions (thread symmetry, commuting updates) on or off together: off,
  /// every execution is explored and counted (--no-symmetry).
  void setReductions(bool on) { interpreter.reductions.setAll(on); }
  /// Every reduction off (--no-reductions): plain optimal DPOR, the reference each reduction
  /// is tested against. Symmetry, commuting updates, spin-loop cuts, zero-net-effect
  /// iterations, idle rounds, dropped frozen spins, postponed awaits and the election
  /// shortcut all go; loops then need --unroll to end.
  void disableAllReductions() {
    setReductions(false);
    interpreter.spinLoops = interpreter.zeroNetEffect = interpreter.idleRounds = false;
    interpreter.unobservedSerials = false;
    exploration.dropFrozenSpins = exploration.postponeWaitingAwaits = false;
    exploration.electOneNonUser = false;
    interpreter.barrierArrivalOrder = true; // every order of arrival at a pthread barrier
  }
};

/// Failed: the search could not run to its end (ExplorationResult::failure says why).
/// Decided in this order: ErrorFound (any report, whatever else cut the search), Failed,
/// Timeout, Bounded (a loop bound, the memory limit, a sampled value, or hungUnreported),
/// else Verified.
enum class Verdict { Verified, ErrorFound, Bounded, Timeout, Failed };

struct RunResult {
  Verdict verdict = Verdict::Verified;
  /// The counts and flags of the last search (after a restart, of the search without the
  /// reduction: verifyProgram); counts are of the executions explored, up to the reductions.
  ExplorationResult exploration;
  /// Each distinct error once (ErrorType and Report::key). One explorer on this process: in
  /// the order found; several, or a backend: ordered by kind and key, so that they do not
  /// depend on the schedule. With CheckOptions::stopOnFirst at most one.
  std::vector<Report> reports;
  /// Owns what the reports point to (their source locations, the loops in boundLoops).
  std::shared_ptr<const Program> program;
  /// __VERIFIER_nondet_* gave one value per call: other values were not explored.
  bool sampledNondet = false;
  /// Functions without a definition returned one arbitrary value per call (--undefined-functions).
  bool sampledUndefined = false;
  /// The symmetry reduction's premise failed (interchangeable threads joined unlike): the
  /// result is that of a search without it.
  bool symmetryAbandoned = false;
  /// A pthread barrier's phase had more waiters than its count: the result is that of a search
  /// forming phases by arrival order (InterpreterOptions::barrierArrivalOrder).
  bool barrierPhasesByArrival = false;
  /// A loop's rewrites of its thread's heap counted as no effect, and another thread reached
  /// that heap: the result is that of a search without the zero-net-effect rule.
  bool zeroNetEffectAbandoned = false;
  /// Commuting updates were deferred (dpor/Deferral.h) and an execution broke the premise: the
  /// result is that of a search that generates their orders and prunes them.
  bool deferralAbandoned = false;
  /// No execution completed, and threads hang at a barrier in some of them, which the checks
  /// were told not to report (--disable-barrier-divergence): no verdict (Verdict::Bounded),
  /// since nothing after those barriers was checked.
  bool hungUnreported = false;
};

/// Makes the extra observer of one explorer: called once for a sequential run and once per
/// explorer of a parallel or distributed one (each branch explored is an explorer's; never
/// concurrently), and again for every explorer of a search verifyProgram starts over. `search`
/// numbers the searches of one verifyProgram from 0: what observers of an earlier search saw
/// belongs to an abandoned search (a premise broke; its executions may not be the program's)
/// and must be dropped, so only the observers of the highest number count. The caller owns the
/// observers (they must outlive the call) and merges what they saw; each is told everything
/// the bug checks of its explorer are told, on its explorer's thread, and may stop the search
/// by returning false.
using ObserverFactory = std::function<ExplorationObserver &(unsigned search)>;

/// Knuth's estimate of the size of the exploration (dpor/Estimate.h; nothing is verified):
/// `samples` random paths of a search with opts.interpreter and opts.exploration (progress
/// lines off), seeded with opts.exploration.scheduleSeed (else 1), the same figures for the
/// same seed. opts.backend, if any, shares the paths out and may fail the estimate
/// (SearchEstimate::failure). An exception of the run (UnsupportedProgram) goes to the caller.
SearchEstimate estimateProgram(const Program &program, const RunOptions &opts, unsigned samples);

/// loadProgram then verifyProgram. Throws InputError, UnsupportedProgram or InternalError (see
/// the contract above).
RunResult verify(const RunOptions &opts);
/// The first step of verify: compiles or parses opts.file (frontend options), adds the entry
/// (the --kernel harness, else a start that calls main with "./STEM" and
/// opts.programArguments) and validates the program. Throws InputError.
std::unique_ptr<Program> loadProgram(const RunOptions &opts);
/// The second step: explores `program` (loaded with the same file, frontend and kernel options)
/// with opts' interpreter, exploration and check options, on opts.backend if set; `extra`
/// (may be empty) adds an observer to each explorer. When the search finds a reduction's
/// premise broken (symmetry, pthread barrier phases by calls, zero-net effect), it starts over
/// without that reduction, and says so in the result. The result shares `program`.
RunResult verifyProgram(const std::shared_ptr<const Program> &program, const RunOptions &opts,
                        const ObserverFactory &extra = {});

} // namespace scopemc
