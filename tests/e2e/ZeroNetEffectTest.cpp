// Zero-net-effect iterations (DPOR.md §4) only drop executions that another execution
// stands for: with and without the reduction, every program reaches the same final memory
// states in its complete executions and the same error kinds, and the reduction never adds
// executions.
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/Driver.h"
#include "tests/e2e/Manifest.h"

namespace scopemc {
namespace {

/// The final value of every location (its co-maximal write) of each complete execution.
class FinalStates final : public ExplorationObserver {
public:
  explicit FinalStates(const Program &p) : prog_(p) {}
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &threads) override {
    for (auto &t : threads)
      if (t.kind != ThreadEndState::Kind::Finished)
        return true;
    std::ostringstream s;
    for (auto &[addr, info] : g.locations()) {
      Event w = g.coMax(addr);
      s << prog_.describeAddress(addr) << "="
        << (w.isInit() ? std::string("init")
                       : std::to_string(static_cast<const WriteLabel *>(g.label(w))->value()))
        << " ";
    }
    states.insert(s.str());
    return true;
  }
  std::set<std::string> states;

private:
  const Program &prog_;
};

struct Outcome {
  uint64_t complete = 0;
  std::set<std::string> states, errors;
};

Outcome run(const std::string &file, bool reduce) {
  RunOptions o;
  o.file = file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.checks.stopOnFirst = false;
  o.interpreter.zeroNetEffect = reduce;
  auto prog = loadProgram(o);
  FinalStates fs(*prog);
  RunResult r = verifyProgram(std::move(prog), o, &fs);
  Outcome out{r.exploration.complete, fs.states, {}};
  for (auto &rep : r.reports)
    out.errors.insert(std::string(errorTypeName(rep.type)));
  return out;
}

TEST(ZeroNetEffect, SameFinalStatesAndErrorsWithAndWithoutTheReduction) {
  // Programs whose loops have zero-net-effect iterations: cancelled fetch_subs, failed CAS
  // retries, exchanges that write back what they read, retries that write a fresh node.
  const std::string conf = std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/";
  const std::string e2e = std::string(SCOPEMC_E2E_DIR) + "/programs/";
  std::vector<std::string> files = {
      conf + "rwlock_cancel_2r1w.c", conf + "treiber_stack_2.c",   conf + "ms_queue_2.c",
      conf + "cas_retry_counter_2.c", conf + "cas_retry_counter_3.c", conf + "spin_cas_lock_2.c",
      conf + "ttas_lock_2.c",         conf + "ticket_lock_2.c",      conf + "seqlock_1w2r.c",
      e2e + "goto_xchg_lock.c",       e2e + "gpumc_ticket_lock.c"};
  int reduced = 0;
  for (const std::string &f : files) {
    Outcome on = run(f, true), off = run(f, false);
    EXPECT_EQ(on.states, off.states) << f;
    EXPECT_EQ(on.errors, off.errors) << f;
    EXPECT_LE(on.complete, off.complete) << f;
    EXPECT_FALSE(on.states.empty()) << f;
    reduced += on.complete < off.complete;
  }
  EXPECT_GE(reduced, 2); // rwlock_cancel_2r1w and treiber_stack_2 at least: not vacuous
}

} // namespace
} // namespace scopemc
