// The litmus corpus (litmus/tests) against its expectations, derived from docs/model.md:
// expected.csv under scoped RC11 and expected-rc11.csv (the GPU tests with scopes ignored).
// Each run's executions summed over its final states must equal the number of complete
// executions of the translated program run through the engine directly.
#include <filesystem>

#include <gtest/gtest.h>

#include "cli/Litmus.h"
#include "litmus/Translate.h"
#include "tests/e2e/Manifest.h"

namespace scopemc {
namespace {

struct Expectation {
  std::string path;
  bool reachable;
};

std::vector<Expectation> read(const std::string &csv) {
  std::vector<Expectation> out;
  for (auto &row : testing::readManifest(std::string(SCOPEMC_LITMUS_DIR) + "/" + csv))
    if (row.size() == 2)
      out.push_back({row[0], row[1] == "1"});
  return out;
}

uint64_t directCount(const litmus::Test &t, ModelKind model) {
  RunOptions o;
  o.file = t.file + ".c";
  o.frontend.sourceText = litmus::translate(t).source;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.exploration.model = model;
  o.checks.stopOnFirst = false;
  return verify(o).exploration.complete;
}

void checkCorpus(const std::string &csv, ModelKind model, size_t minimum) {
  auto expectations = read(csv);
  ASSERT_GE(expectations.size(), minimum);
  LitmusRunOptions lo;
  lo.model = model;
  lo.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  for (auto &e : expectations) {
    SCOPED_TRACE(e.path);
    litmus::Test t = litmus::parseFile(std::string(SCOPEMC_LITMUS_DIR) + "/" + e.path);
    LitmusOutcome r = runLitmus(t, lo);
    EXPECT_EQ(r.reachable(), e.reachable);
    uint64_t sum = 0;
    for (auto &[state, n] : r.states)
      sum += n;
    EXPECT_EQ(sum, r.complete);
    EXPECT_GT(sum, 0u);
    EXPECT_EQ(sum, directCount(t, model));
  }
}

TEST(LitmusCorpus, ScopedRC11ExpectationsAndCounts) {
  checkCorpus("expected.csv", ModelKind::ScopedRC11, 80);
}

TEST(LitmusCorpus, RC11ExpectationsOfTheGpuTests) {
  checkCorpus("expected-rc11.csv", ModelKind::RC11, 30);
}

} // namespace
} // namespace scopemc
