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
// file:line where there is one).
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
#include "interpreter/Program.h"

namespace scopemc {

struct RunOptions {
  std::string file;
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
    exploration.dropFrozenSpins = exploration.postponeWaitingAwaits = false;
    exploration.electOneNonUser = false;
    interpreter.barrierArrivalOrder = true; // every order of arrival at a pthread barrier
  }
  /// Test aid (the differential fuzzer, tests/fuzz/reductions.py --plant): sets the planted
  /// mistake of one default reduction, which the comparison with --no-reductions must catch.
  /// Names: plantedMistakes(). False for an unknown name.
  bool plantMistake(std::string_view reduction);
};

/// The reductions that have a planted mistake (RunOptions::plantMistake).
std::vector<std::string_view> plantedMistakes();

/// Failed: the search could not run to its end (ExplorationResult::failure says why).
enum class Verdict { Verified, ErrorFound, Bounded, Timeout, Failed };

struct RunResult {
  Verdict verdict = Verdict::Verified;
  ExplorationResult exploration;
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
  /// No execution completed, and threads hang at a barrier in some of them, which the checks
  /// were told not to report (--disable-barrier-divergence): no verdict (Verdict::Bounded),
  /// since nothing after those barriers was checked.
  bool hungUnreported = false;
};

/// Makes the extra observer of one explorer: called once for a sequential run and once per
/// explorer of a parallel one (never concurrently). The caller owns the observers and merges
/// what they saw; each is told everything the bug checks of its explorer are told.
using ObserverFactory = std::function<ExplorationObserver &()>;

/// Knuth's estimate of the size of the exploration (no verification).
SearchEstimate estimateProgram(const Program &program, const RunOptions &opts, unsigned samples);

/// Loads and verifies. Throws InputError or UnsupportedProgram (see the contract above).
RunResult verify(const RunOptions &opts);
/// The two steps of verify: compile or parse (and add the --kernel entry), then explore.
/// A loaded program can be verified several times (with other interpreter options).
std::unique_ptr<Program> loadProgram(const RunOptions &opts);
RunResult verifyProgram(const std::shared_ptr<const Program> &program, const RunOptions &opts,
                        const ObserverFactory &extra = {});

} // namespace scopemc
