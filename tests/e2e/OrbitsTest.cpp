// The symmetry reduction explores one execution per class of renamings on the race-free GPU
// locks (benchmarks/programs/gpu), whose counts follow from the specification:
// - CAS and ticket locks, n threads: n! executions, one per order of the critical sections
//   (benchmarks/run.py), all renamings of one another: 1 class;
// - TTAS lock: n!^2 (benchmarks/run.py, ttas_count): n! orders times n! choices of the test
//   loads' sources. No renaming maps one of them to itself (each thread's exchange reads a
//   write no other exchange reads, so two exchanged threads would differ), so each class has
//   n! members: n!^2 / n! = n! classes.
// Every scope is the device's and no block-scoped operation is used, so all n threads of the
// launch are interchangeable. One more execution than the classes means a complete execution
// with a violation was counted; one fewer, a class lost (the differential oracle,
// tests/unit/SymmetryTest.cpp, would say which).
#include <gtest/gtest.h>

#include "session/Session.h"

namespace scopemc {
namespace {

uint64_t factorial(uint64_t n) { return n <= 1 ? 1 : n * factorial(n - 1); }

uint64_t explored(const std::string &lock, int blocks, int threads, bool reduce) {
  RunOptions o;
  o.file = std::string(SCOPEMC_BENCH_DIR) + "/programs/gpu/" + lock + ".c";
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.frontend.compilerArgs = {"-DBLOCKS=" + std::to_string(blocks),
                             "-DTHREADS=" + std::to_string(threads)};
  o.setReductions(reduce);
  RunResult r = verify(o);
  EXPECT_EQ(r.verdict, Verdict::Verified) << lock;
  return r.exploration.complete;
}

TEST(Orbits, TheFormulasHoldWithoutTheReduction) {
  EXPECT_EQ(explored("caslock", 2, 2, false), factorial(4));
  EXPECT_EQ(explored("ticketlock", 2, 2, false), factorial(4));
  EXPECT_EQ(explored("ttaslock", 2, 2, false), factorial(4) * factorial(4));
}

TEST(Orbits, OneExecutionPerClassOfRenamings) {
  for (const char *lock : {"caslock", "ticketlock"})
    for (auto [b, t] : {std::pair{2, 2}, {4, 2}, {3, 3}})
      EXPECT_EQ(explored(lock, b, t, true), 1u) << lock << " " << b << "x" << t;
  for (auto [b, t] : {std::pair{1, 3}, {2, 2}, {3, 2}})
    EXPECT_EQ(explored("ttaslock", b, t, true), factorial(static_cast<uint64_t>(b * t)))
        << "ttaslock " << b << "x" << t;
}

} // namespace
} // namespace scopemc
