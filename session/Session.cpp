#include "session/Session.h"

#include <filesystem>
#include <map>
#include <optional>

#include "dpor/Explorer.h"
#include "dpor/Parallel.h"
#include "frontend/Startup.h"
#include "interpreter/Interpreter.h"
#include "program/ProgramSymbolizer.h"

namespace scopemc {

namespace {
/// Tells two observers everything; the search stops when either asks.
class BothObservers final : public ExplorationObserver {
public:
  BothObservers(ExplorationObserver &a, ExplorationObserver &b) : a_(a), b_(b) {}
  bool onEvent(const ExecutionGraph &g, Event e) override {
    bool x = a_.onEvent(g, e);
    return b_.onEvent(g, e) && x;
  }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &t) override {
    bool x = a_.onExecutionEnd(g, t);
    return b_.onExecutionEnd(g, t) && x;
  }
  size_t findings() const override { return a_.findings() + b_.findings(); }

private:
  ExplorationObserver &a_, &b_;
};
} // namespace

std::unique_ptr<Program> loadProgram(const RunOptions &opts) {
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto mod = loadModule(opts.file, *ctx, opts.frontend);
  ProgramOptions popts;
  popts.undefinedAsNondet = opts.undefinedAsNondet;
  if (!opts.kernel.name.empty()) {
    addKernelHarness(*mod, opts.kernel);
    popts.entry = kKernelHostEntry;
  } else {
    std::vector<std::string> argv{"./" + std::filesystem::path(opts.file).stem().string()};
    argv.insert(argv.end(), opts.programArguments.begin(), opts.programArguments.end());
    popts.entry = addStartupEntry(*mod, argv);
  }
  return std::make_unique<Program>(std::move(ctx), std::move(mod), popts);
}

SearchEstimate estimateProgram(const Program &program, const RunOptions &opts, unsigned samples) {
  struct Quiet final : ExplorationObserver {
    bool onEvent(const ExecutionGraph &, Event) override { return true; }
    bool onExecutionEnd(const ExecutionGraph &, const std::vector<ThreadEndState> &) override {
      return true;
    }
  } quiet;
  auto sample = [&](unsigned n, uint64_t seed, const std::atomic<bool> *stop) {
    Interpreter interp(program, opts.interpreter);
    ExplorationOptions eo = opts.exploration;
    eo.onProgress = nullptr;
    Explorer explorer(interp, quiet, eo);
    return estimateSearch(explorer, n, seed, stop);
  };
  uint64_t seed = opts.exploration.scheduleSeed.value_or(1);
  return opts.backend ? opts.backend->estimate(sample, samples, seed)
                      : sample(samples, seed, nullptr);
}

RunResult verify(const RunOptions &opts) { return verifyProgram(loadProgram(opts), opts); }

namespace {

/// The search, on this machine (1..N workers) or on a backend: one interpreter and one bug
/// checker per explorer. With several, their distinct errors are ordered by kind and
/// location, so that the report does not depend on the schedule; one on this machine keeps
/// its order.
void explore(RunResult &res, const RunOptions &opts, const CheckOptions &checks,
             const Symbolizer &sym, const ObserverFactory &extra, unsigned search) {
  std::vector<std::unique_ptr<BugChecker>> checkers;
  std::vector<std::unique_ptr<BothObservers>> pairs;
  ParallelSetup setup;
  setup.workers = opts.exploration.workers;
  setup.makeRunner = [&]() -> std::unique_ptr<ProgramRunner> {
    return std::make_unique<Interpreter>(*res.program, opts.interpreter);
  };
  setup.makeObserver = [&]() -> ExplorationObserver & {
    checkers.push_back(std::make_unique<BugChecker>(checks, opts.exploration.model, &sym));
    if (!extra)
      return *checkers.back();
    pairs.push_back(std::make_unique<BothObservers>(*checkers.back(), extra(search)));
    return *pairs.back();
  };
  res.exploration = opts.backend ? opts.backend->explore(setup, opts.exploration)
                                 : scopemc::explore(setup, opts.exploration);
  if (checkers.size() == 1 && !opts.backend) {
    res.reports = checkers.front()->reports();
    return;
  }
  std::map<std::string, Report> distinct;
  for (auto &c : checkers)
    for (auto &r : c->reports())
      distinct.try_emplace(std::string(errorTypeName(r.type)) + "|" + r.key(), r);
  for (auto &[key, r] : distinct)
    res.reports.push_back(r);
  if (checks.stopOnFirst && res.reports.size() > 1)
    res.reports.resize(1);
}

RunResult verifyOnce(std::shared_ptr<const Program> program, const RunOptions &opts,
                     const ObserverFactory &extra, unsigned search) {
  RunResult res;
  res.program = std::move(program);
  res.sampledNondet = res.program->samplesNondet();
  res.sampledUndefined = res.program->callsUndefined();
  ProgramSymbolizer sym(*res.program, opts.frontend.includeDir);
  explore(res, opts, opts.checks, sym, extra, search);
  if (!res.reports.empty())
    res.verdict = Verdict::ErrorFound;
  else if (!res.exploration.failure.empty())
    res.verdict = Verdict::Failed;
  else if (res.exploration.timedOut)
    res.verdict = Verdict::Timeout;
  else if (res.exploration.boundHit || res.exploration.memoryLimitHit || res.sampledNondet ||
           res.sampledUndefined)
    res.verdict = Verdict::Bounded;
  else if (!opts.checks.barrierDivergence && res.exploration.complete == 0 &&
           res.exploration.hungAtBarrier > 0)
    res.verdict = Verdict::Bounded, res.hungUnreported = true;
  return res;
}

} // namespace

RunResult verifyProgram(const std::shared_ptr<const Program> &program, const RunOptions &opts,
                        const ObserverFactory &extra) {
  RunOptions o = opts;
  unsigned search = 0;
  RunResult res = verifyOnce(program, o, extra, search);
  bool abandoned = false, byArrival = false, ownHeap = false, undeferred = false;
  while (true) {
    if (res.exploration.symmetryBroken) {
      // Threads taken as interchangeable were joined unlike (dpor/Symmetry.h): the reduction
      // does not hold for this program, and the search starts over without it.
      o.interpreter.reductions.symmetry = false;
      abandoned = true;
    } else if (res.exploration.deferralBroken && o.interpreter.reductions.deferUpdates) {
      // An access of a location with commuting updates was not ordered with them (or they did
      // not commute, or an acquire fence followed one: dpor/Deferral.h): their order may
      // matter, and the search starts over generating it (dpor/Commuting.h prunes instead).
      o.interpreter.reductions.deferUpdates = false;
      undeferred = true;
    } else if (res.exploration.barrierOversubscribed && !o.interpreter.barrierArrivalOrder) {
      // A phase of a pthread barrier got more waiters than its count (dpor/Election.h): its
      // k-th calls are not its phases, which the search now forms by arrival order.
      o.interpreter.barrierArrivalOrder = true;
      byArrival = true;
    } else if (res.exploration.ownHeapReached && o.interpreter.zeroNetEffect) {
      // A loop's rewrites of a heap block counted as no effect, and another thread reached
      // the block (its address escaped in a form the rule does not follow): without the rule.
      o.interpreter.zeroNetEffect = false;
      ownHeap = true;
    } else {
      break;
    }
    res = verifyOnce(program, o, extra, ++search);
  }
  res.symmetryAbandoned = abandoned;
  res.zeroNetEffectAbandoned = ownHeap;
  res.deferralAbandoned = undeferred;
  res.barrierPhasesByArrival = byArrival;
  return res;
}

} // namespace scopemc
