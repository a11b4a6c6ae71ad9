#include "cli/Driver.h"

#include "dpor/Explorer.h"

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

private:
  ExplorationObserver &a_, &b_;
};
} // namespace

std::unique_ptr<Program> loadProgram(const RunOptions &opts) {
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto mod = loadModule(opts.file, *ctx, opts.frontend);
  ProgramOptions popts;
  if (!opts.kernel.name.empty()) {
    addKernelHarness(*mod, opts.kernel);
    popts.entry = kKernelHostEntry;
  }
  return std::make_unique<Program>(std::move(ctx), std::move(mod), popts);
}

RunResult verify(const RunOptions &opts) { return verifyProgram(loadProgram(opts), opts, nullptr); }

RunResult verifyProgram(std::unique_ptr<Program> program, const RunOptions &opts,
                        ExplorationObserver *extra) {
  RunResult res;
  res.program = std::move(program);
  Interpreter interp(*res.program, opts.interpreter);
  CheckOptions checks = opts.checks;
  checks.model = opts.exploration.model;
  BugChecker checker(checks);
  std::optional<BothObservers> both;
  if (extra)
    both.emplace(checker, *extra);
  Explorer explorer(interp, both ? static_cast<ExplorationObserver &>(*both) : checker, opts.exploration);
  res.exploration = explorer.run();
  res.reports = checker.reports();
  if (!res.reports.empty())
    res.verdict = Verdict::ErrorFound;
  else if (res.exploration.timedOut)
    res.verdict = Verdict::Timeout;
  else if (res.exploration.boundHit || res.exploration.memoryLimitHit)
    res.verdict = Verdict::Bounded;
  return res;
}

int exitCodeOf(Verdict v) {
  switch (v) {
  case Verdict::Verified: return kExitVerified;
  case Verdict::ErrorFound: return kExitError;
  case Verdict::Bounded: return kExitBounded;
  case Verdict::Timeout: return kExitTimeout;
  }
  return kExitInternal;
}

} // namespace scopemc
