// End-to-end runs of the programs in tests/e2e/programs, with the verdicts and counts listed
// in tests/e2e/programs/manifest.csv (derived from docs/model.md, docs/dpor.md and
// docs/interface.md).
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "session/Session.h"
#include "tests/e2e/Manifest.h"

namespace scopemc {
namespace {

struct Case {
  std::string file;
  std::string verdict; // verified | error | bounded
  std::string error;   // an error kind that must be among the reports, else "-"
  long executions;     // -1: not checked (e.g. stopped at the first error)
  // Written ">=N": a reference checker's count made with a loop cut whose premise scopemc
  // cannot check (docs/dpor.md §4); scopemc explores at least as many.
  bool atLeast = false;
  unsigned unroll;
  bool keepGoing;
};

std::vector<Case> readCases() {
  std::vector<Case> cases;
  for (auto &c : testing::readManifest(std::string(SCOPEMC_E2E_DIR) + "/programs/manifest.csv")) {
    c.resize(6);
    bool atLeast = c[3].rfind(">=", 0) == 0;
    cases.push_back(Case{c[0], c[1], c[2], std::stol(atLeast ? c[3].substr(2) : c[3]), atLeast,
                         static_cast<unsigned>(std::stoul(c[4])), c[5] == "keep-going"});
  }
  return cases;
}

void PrintTo(const Case &c, std::ostream *os) { *os << c.file << " (unroll " << c.unroll << ")"; }

void checkRun(const Case &c, const RunResult &res, bool reduced);

class Examples : public ::testing::TestWithParam<Case> {};

TEST_P(Examples, VerdictAndCountMatch) {
  const Case &c = GetParam();
  RunOptions o;
  o.file = std::string(SCOPEMC_E2E_DIR) + "/programs/" + c.file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.interpreter.unroll = c.unroll;
  o.checks.stopOnFirst = !c.keepGoing;
  // The expected count is of every execution: the run without the symmetry reduction must
  // give it, the run with it the same verdict and errors in no more executions.
  RunOptions plain = o;
  plain.setReductions(false);
  for (bool reduced : {false, true})
    checkRun(c, verify(reduced ? o : plain), reduced);
}

void checkRun(const Case &c, const RunResult &res, bool reduced) {
  const char *verdict = res.verdict == Verdict::Verified     ? "verified"
                        : res.verdict == Verdict::ErrorFound ? "error"
                        : res.verdict == Verdict::Bounded    ? "bounded"
                                                             : "timeout";
  SCOPED_TRACE(reduced ? "with the symmetry reduction" : "without the symmetry reduction");
  EXPECT_EQ(verdict, c.verdict) << c.file;
  if (c.verdict == "error") {
    std::string kinds;
    bool found = false;
    for (auto &r : res.reports) {
      kinds += std::string(errorTypeName(r.type)) + "; ";
      found = found || errorTypeName(r.type) == c.error;
    }
    EXPECT_TRUE(found) << c.file << ": expected " << c.error << ", reported: " << kinds;
  }
  if (c.executions >= 0 && c.atLeast) {
    EXPECT_GE(static_cast<long>(res.exploration.complete), c.executions) << c.file;
  } else if (c.executions >= 0 && !reduced) {
    EXPECT_EQ(static_cast<long>(res.exploration.complete), c.executions) << c.file;
  }
  if (c.executions >= 0 && reduced && c.keepGoing && !c.atLeast) {
    EXPECT_LE(static_cast<long>(res.exploration.complete), c.executions) << c.file;
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, Examples, ::testing::ValuesIn(readCases()),
                         [](const auto &info) {
                           std::string n =
                               info.param.file +
                               (info.param.unroll ? "_unroll" + std::to_string(info.param.unroll)
                                                  : "");
                           return testing::testName(n);
                         });

} // namespace
} // namespace scopemc
