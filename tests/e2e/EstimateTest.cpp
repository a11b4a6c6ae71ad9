// Knuth's estimator (docs/dpor.md §6) on the benchmark families, whose execution counts follow from
// the specification: SB-n has 2^n executions along search paths that all branch alike, so
// every sample is exact; for LB-n (2^n - 1) and fai-n (n!) the estimator is unbiased, so the
// mean of many samples is close.
#include <cmath>

#include <gtest/gtest.h>

#include "session/Session.h"

namespace scopemc {
namespace {

SearchEstimate estimateOf(const std::string &program, int n, unsigned samples) {
  RunOptions o;
  o.file = std::string(SCOPEMC_BENCH_DIR) + "/programs/" + program;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.frontend.compilerArgs = {"-DN=" + std::to_string(n)};
  // The counts are of every execution: fai-n's threads are interchangeable.
  o.setReductions(false);
  auto p = loadProgram(o);
  return estimateProgram(*p, o, samples);
}

TEST(Estimate, EverySampleIsExactWhenAllPathsBranchAlike) {
  for (int n : {2, 3, 5}) {
    SearchEstimate e = estimateOf("sb.c", n, 20);
    EXPECT_DOUBLE_EQ(e.complete, std::pow(2.0, n)) << "SB-" << n;
    EXPECT_EQ(e.reached, 20u) << "SB-" << n << ": no spin loop, so no path ends early";
  }
}

TEST(Estimate, TheMeanOfManySamplesIsCloseToTheCount) {
  SearchEstimate lb = estimateOf("lb.c", 6, 20000);
  EXPECT_NEAR(lb.complete, 63.0, 63.0 * 0.1);
  SearchEstimate fai = estimateOf("fai.c", 4, 20000);
  EXPECT_NEAR(fai.complete, 24.0, 24.0 * 0.1);
  EXPECT_EQ(fai.samples, 20000u);
}

} // namespace
} // namespace scopemc
