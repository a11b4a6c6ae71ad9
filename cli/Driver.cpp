#include "cli/Driver.h"

#include "dpor/Explorer.h"

namespace scopemc {

RunResult verify(const RunOptions &opts) {
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto mod = loadModule(opts.file, *ctx, opts.frontend);
  ProgramOptions popts;
  if (!opts.kernel.name.empty()) {
    addKernelHarness(*mod, opts.kernel);
    popts.entry = kKernelHostEntry;
  }
  RunResult res;
  res.program = std::make_unique<Program>(std::move(ctx), std::move(mod), popts);
  Interpreter interp(*res.program, opts.interpreter);
  CheckOptions checks = opts.checks;
  checks.model = opts.exploration.model;
  BugChecker checker(checks);
  Explorer explorer(interp, checker, opts.exploration);
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
