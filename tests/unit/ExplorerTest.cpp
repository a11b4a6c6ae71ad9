// The exploration on scripted programs whose execution counts follow from the specification
// (docs/dpor.md, docs/model.md, and the benchmark families of the engine issue).
#include <gtest/gtest.h>

#include "dpor/Explorer.h"
#include "tests/oracle/AbstractProgram.h"

namespace scopemc::oracle {
namespace {

struct Counter final : ExplorationObserver {
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &, const std::vector<ThreadEndState> &) override {
    return true;
  }
};

uint64_t count(const AbstractProgram &p) {
  ScriptedRunner r(p);
  Counter c;
  Explorer ex(r, c, ExplorationOptions{});
  return ex.run().complete;
}

Op load(int loc, MemOrder o = MemOrder::Relaxed) {
  return Op{Op::Kind::Load, loc, 0, 0, o, Scope::System};
}
Op store(int loc, uint64_t v, MemOrder o = MemOrder::Relaxed) {
  return Op{Op::Kind::Store, loc, v, 0, o, Scope::System};
}
Op fai(int loc) { return Op{Op::Kind::FetchAdd, loc, 1, 0, MemOrder::Relaxed, Scope::System}; }

TEST(Explorer, LoadBufferingRingHasTwoToTheNMinusOneExecutions) {
  for (int n = 2; n <= 6; ++n) {
    AbstractProgram p;
    p.numLocs = n;
    for (int i = 0; i < n; ++i)
      p.threads.push_back(AbstractThread{{}, {load(i), store((i + 1) % n, 1)}});
    EXPECT_EQ(count(p), (1u << n) - 1) << "LB-" << n;
  }
}

TEST(Explorer, FetchAddsHaveNFactorialExecutions) {
  uint64_t fact = 1;
  for (int n = 1; n <= 5; ++n) {
    fact *= static_cast<uint64_t>(n);
    AbstractProgram p;
    p.numLocs = 1;
    for (int i = 0; i < n; ++i)
      p.threads.push_back(AbstractThread{{}, {fai(0)}});
    EXPECT_EQ(count(p), fact) << "fai-" << n;
  }
}

TEST(Explorer, StoreBufferingDependsOnTheOrder) {
  for (MemOrder o : {MemOrder::Relaxed, MemOrder::SeqCst}) {
    AbstractProgram p;
    p.numLocs = 2;
    p.threads.push_back(AbstractThread{{}, {store(0, 1, o), load(1, o)}});
    p.threads.push_back(AbstractThread{{}, {store(1, 1, o), load(0, o)}});
    EXPECT_EQ(count(p), o == MemOrder::SeqCst ? 3u : 4u); // sc forbids both reading 0
  }
}

TEST(Explorer, IndependentWritesGiveOneExecutionPerCoOrder) {
  // n threads each writing the same location once: n! coherence orders.
  AbstractProgram p;
  p.numLocs = 1;
  for (int i = 0; i < 4; ++i)
    p.threads.push_back(AbstractThread{{}, {store(0, static_cast<uint64_t>(i + 1))}});
  EXPECT_EQ(count(p), 24u);
}

TEST(Explorer, AnExecutionPastTheLongExecutionLimitIsWarnedAboutOnce) {
  // LB-10 adds thousands of events in all (limits are polled every 1024 events) in
  // executions of about 40: a limit of 3 is passed by every execution, and warned about once.
  AbstractProgram p;
  p.numLocs = 10;
  for (int i = 0; i < 10; ++i)
    p.threads.push_back(AbstractThread{{}, {load(i), store((i + 1) % 10, 1)}});
  for (size_t limit : {size_t{3}, size_t{0}, size_t{1} << 20}) {
    ScriptedRunner r(p);
    Counter c;
    ExplorationOptions o;
    o.longExecutionEvents = limit;
    std::vector<std::string> warnings;
    o.onWarning = [&](const ExplorationWarning &w) { warnings.push_back(w.text); };
    Explorer ex(r, c, o);
    ExplorationResult res = ex.run();
    EXPECT_EQ(res.complete, 1023u) << "a warning never stops the search";
    ASSERT_GE(res.events, 4096u) << "the limits are polled several times";
    if (limit == 3) {
      ASSERT_EQ(warnings.size(), 1u);
      EXPECT_NE(warnings[0].find("grown past 3 events"), std::string::npos) << warnings[0];
      EXPECT_NE(warnings[0].find("long, not stuck"), std::string::npos) << warnings[0];
    } else {
      EXPECT_TRUE(warnings.empty()) << "limit " << limit << ": " << warnings.front();
    }
  }
}

} // namespace
} // namespace scopemc::oracle
