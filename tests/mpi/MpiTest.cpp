// The distributed search checked in one MPI run (CTest runs this binary with
// `mpirun --oversubscribe -np 2` and `-np 3`). Every rank runs every test in the same order:
// each verification is a collective step of all ranks; only rank 0 checks results (the
// others' reports are those they found, rank 0 reports them all). No test returns early:
// a rank that skipped a step would leave the others waiting.
//
//  - the conformance corpus with --keep-going and no symmetry reduction: the manifest's counts
//    and error kinds (numbers of a reference checker);
//  - with the reduction, the GPU locks, LB and fai: the counts and errors of one process;
//  - a search stopped at its first error, and one stopped by --timeout, end on every rank.
#include <chrono>
#include <set>

#include <gtest/gtest.h>

#include "tests/e2e/Manifest.h"
#include "tests/oracle/TestSupport.h"

#include <deque>
#include <map>
#include <random>

#include "distributed/Coordinator.h"
#include "distributed/MpiBackend.h"
#include "session/Session.h"

namespace scopemc {
namespace {

MpiTransport *net = nullptr;
std::shared_ptr<MpiBackend> backend;

bool primary() { return net->rank() == 0; }

std::set<std::string> errorSet(const RunResult &r) {
  std::set<std::string> out;
  for (auto &rep : r.reports)
    out.insert(std::string(errorTypeName(rep.type)) + "|" + rep.key());
  return out;
}

RunOptions options(const std::string &file, std::vector<std::string> args = {}) {
  RunOptions o;
  o.file = file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.frontend.compilerArgs = std::move(args);
  o.checks.stopOnFirst = false;
  return o;
}

/// The distributed run, and (rank 0) the same run in this process alone.
void compareWithOneProcess(RunOptions o) {
  RunOptions distributed = o;
  distributed.backend = backend;
  RunResult d = verify(distributed);
  if (!primary())
    return;
  RunResult one = verify(o);
  EXPECT_EQ(d.exploration.complete, one.exploration.complete) << o.file;
  EXPECT_EQ(d.exploration.blocked, one.exploration.blocked) << o.file;
  EXPECT_EQ(d.verdict, one.verdict) << o.file;
  EXPECT_EQ(errorSet(d), errorSet(one)) << o.file;
  EXPECT_EQ(d.symmetryAbandoned, one.symmetryAbandoned) << o.file;
  EXPECT_EQ(d.deferralAbandoned, one.deferralAbandoned) << o.file;
}

// The coordinator alone (no MPI): simulated ranks holding units of work, messages delivered
// in random order between pairs but in order within each pair, as MPI delivers them. Every
// unit is explored once, and the search is done exactly when no unit is left anywhere.
TEST(Coordinator, EveryUnitIsExploredOnceAndTheEndIsExact) {
  using Clock = Coordinator::Clock;
  for (unsigned seed = 0; seed < 200; ++seed) {
    std::mt19937 rng(seed);
    int n = 2 + static_cast<int>(seed % 7);
    uint64_t total = 1 + rng() % 500;
    Coordinator c(n);
    std::vector<uint64_t> units(static_cast<size_t>(n), 0);
    std::vector<bool> asked(static_cast<size_t>(n), false), idleSent(static_cast<size_t>(n), false);
    units[0] = total;
    struct Msg {
      enum Kind { Idle, Give, Work, Ask } kind;
      uint64_t units;
    };
    std::map<std::pair<int, int>, std::deque<Msg>> wire; // (from, to) -> in order
    uint64_t explored = 0;
    auto now = Clock::now();
    auto held = [&] {
      uint64_t h = 0;
      for (uint64_t u : units)
        h += u;
      for (auto &[k, q] : wire)
        for (auto &m : q)
          h += m.units;
      return h;
    };
    for (int step = 0; step < 200000 && !c.done(); ++step) {
      now += std::chrono::milliseconds(1);
      int r = static_cast<int>(rng() % static_cast<unsigned>(n));
      auto i = static_cast<size_t>(r);
      switch (rng() % 4) {
      case 0: // r explores a unit
        if (units[i] > 0) {
          --units[i];
          ++explored;
        }
        break;
      case 1: { // r answers a request, or says it is idle
        if (asked[i]) {
          uint64_t give = units[i] >= 2 ? units[i] / 2 : 0;
          units[i] -= give;
          asked[i] = false;
          wire[{r, 0}].push_back({Msg::Give, give});
        } else if (units[i] == 0 && !idleSent[i]) {
          idleSent[i] = true;
          wire[{r, 0}].push_back({Msg::Idle, 0});
        }
        break;
      }
      default: { // a message arrives
        std::vector<std::pair<int, int>> busy;
        for (auto &[k, q] : wire)
          if (!q.empty())
            busy.push_back(k);
        if (busy.empty())
          break;
        auto k = busy[rng() % busy.size()];
        Msg m = wire[k].front();
        wire[k].pop_front();
        auto to = static_cast<size_t>(k.second);
        if (m.kind == Msg::Idle) {
          c.idle(k.first);
        } else if (m.kind == Msg::Give) {
          int dest = c.branchFrom(k.first, m.units > 0, now);
          if (dest >= 0)
            wire[{0, dest}].push_back({Msg::Work, m.units});
        } else if (m.kind == Msg::Work) {
          units[to] += m.units;
          idleSent[to] = false;
        } else {
          asked[to] = true;
        }
      }
      }
      for (int a : c.asks(now))
        wire[{0, a}].push_back({Msg::Ask, 0});
      ASSERT_EQ(explored + held(), total) << "seed " << seed;
      if (c.done()) {
        EXPECT_EQ(held(), 0u) << "done with work left, seed " << seed;
      }
    }
    EXPECT_TRUE(c.done()) << "seed " << seed;
    EXPECT_EQ(explored, total) << "seed " << seed;
  }
}

/// verify(o) and the seconds it took.
std::pair<RunResult, double> timedVerify(const RunOptions &o) {
  auto start = std::chrono::steady_clock::now();
  RunResult r = verify(o);
  return {r, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

TEST(Distributed, ConformanceCountsAndErrorsAreTheManifests) {
  auto rows = testing::readManifest(std::string(SCOPEMC_CONFORMANCE_DIR) + "/manifest.csv");
  EXPECT_GE(rows.size(), 50u);
  for (size_t i = 0; i < rows.size(); ++i) {
    if (!test::runsInThisBuild(i, 4))
      continue;
    auto &row = rows[i];
    RunOptions o = options(std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/" + row[0] + ".c");
    o.setReductions(false);
    o.exploration.model = row[1] == "rc11" ? ModelKind::RC11 : ModelKind::ScopedRC11;
    o.backend = backend;
    RunResult r = verify(o);
    if (!primary())
      continue;
    if (testing::uncheckedCutRows().count(row[0]))
      EXPECT_GE(r.exploration.complete, std::stoull(row[2])) << row[0];
    else
      EXPECT_EQ(r.exploration.complete, std::stoull(row[2])) << row[0];
    std::set<std::string> kinds, expected;
    for (auto &rep : r.reports)
      kinds.insert(testing::manifestErrorKind(rep.type));
    std::stringstream es(row[3]);
    for (std::string e; std::getline(es, e, ';');)
      if (e != "none")
        expected.insert(e);
    EXPECT_EQ(kinds, expected) << row[0];
  }
}

TEST(Distributed, ConformanceWithTheSymmetryReductionIsOneProcesssSearch) {
  auto rows = testing::readManifest(std::string(SCOPEMC_CONFORMANCE_DIR) + "/manifest.csv");
  for (size_t i = 0; i < rows.size(); ++i)
    if (test::runsInThisBuild(i, 4))
      compareWithOneProcess(
          options(std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/" + rows[i][0] + ".c"));
}

TEST(Distributed, GpuLocksAndFamiliesAreOneProcesssSearch) {
  std::string bench = SCOPEMC_BENCH_DIR;
  // (2x2 and 3x1 grids, race-free and both racy variants; 3x2 race-free: up to 13,758
  // executions each)
  size_t small = 0;
  for (const char *lock : {"caslock", "ticketlock", "ttaslock"}) {
    for (const char *grid : {"-DBLOCKS=2 -DTHREADS=2", "-DBLOCKS=3 -DTHREADS=1"})
      for (const char *variant : {"-DVARIANT=0", "-DVARIANT=1", "-DVARIANT=2"}) {
        if (!test::runsInThisBuild(small++, 3))
          continue;
        std::string g = grid;
        compareWithOneProcess(
            options(bench + "/programs/gpu/" + lock + ".c",
                    {g.substr(0, g.find(' ')), g.substr(g.find(' ') + 1), variant}));
      }
    compareWithOneProcess(options(bench + "/programs/gpu/" + lock + ".c",
                                  {"-DBLOCKS=3", "-DTHREADS=2", "-DVARIANT=0"}));
  }
  compareWithOneProcess(
      options(bench + "/programs/gpu/xfbarrier.c", {"-DBLOCKS=3", "-DTHREADS=2", "-DVARIANT=0"}));
  compareWithOneProcess(options(bench + "/programs/lb.c", {"-DN=14"}));
  if (primary()) { // (16,383 executions: every rank explored a part of them)
    for (const RankStats &s : backend->stats())
      EXPECT_GT(s.complete, 0u) << "rank " << s.rank << " explored nothing";
  }
  RunOptions twoWorkers = options(bench + "/programs/lb.c", {"-DN=12"});
  twoWorkers.exploration.workers = 2; // each rank with two TBB workers
  compareWithOneProcess(twoWorkers);
  RunOptions fai = options(bench + "/programs/fai.c", {"-DN=6"});
  fai.setReductions(false); // 720 executions to share
  compareWithOneProcess(fai);
}

TEST(Distributed, TheEstimateCombinesEveryRanksSamples) {
  // SB-n: every search path branches alike, so every sample weighs 2^n (docs/distributed.md);
  // LB-6 (63 executions): the combined mean within 10%, the samples those asked for.
  std::string bench = SCOPEMC_BENCH_DIR;
  RunOptions sb = options(bench + "/programs/sb.c", {"-DN=8"});
  sb.backend = backend;
  SearchEstimate e = estimateProgram(*loadProgram(sb), sb, 21);
  EXPECT_DOUBLE_EQ(e.complete, 256.0);
  EXPECT_EQ(e.samples, 21u);
  EXPECT_EQ(e.reached, 21u);
  RunOptions lb = options(bench + "/programs/lb.c", {"-DN=6"});
  lb.backend = backend;
  SearchEstimate l = estimateProgram(*loadProgram(lb), lb, 20000);
  EXPECT_NEAR(l.complete, 63.0, 6.3);
  EXPECT_EQ(l.samples, 20000u);
}

TEST(Distributed, TheFirstErrorStopsEveryRank) {
  RunOptions o = options(std::string(SCOPEMC_BENCH_DIR) + "/programs/gpu/caslock.c",
                         {"-DBLOCKS=3", "-DTHREADS=2", "-DVARIANT=1"});
  o.setReductions(false); // 40 million executions in all
  o.checks.stopOnFirst = true;
  o.backend = backend;
  auto [r, s] = timedVerify(o);
  if (!primary())
    return;
  EXPECT_EQ(r.verdict, Verdict::ErrorFound);
  EXPECT_EQ(r.reports.size(), 1u);
  EXPECT_TRUE(r.exploration.stoppedEarly);
  EXPECT_LT(s, 20.0);
}

TEST(Distributed, TheTimeoutHoldsOnEveryRank) {
  RunOptions o = options(std::string(SCOPEMC_BENCH_DIR) + "/programs/lb.c", {"-DN=30"});
  o.exploration.timeoutSeconds = 1;
  o.backend = backend;
  auto [r, s] = timedVerify(o);
  if (!primary())
    return;
  EXPECT_EQ(r.verdict, Verdict::Timeout);
  EXPECT_TRUE(r.exploration.timedOut);
  EXPECT_GT(r.exploration.complete, 0u);
  EXPECT_LT(s, 10.0);
  // every rank took part (rank figures come back from each)
  EXPECT_EQ(backend->stats().size(), static_cast<size_t>(net->size()));
}

} // namespace
} // namespace scopemc

int main(int argc, char **argv) {
  scopemc::MpiSession mpi(argc, argv);
  scopemc::MpiTransport transport;
  scopemc::net = &transport;
  scopemc::backend =
      std::make_shared<scopemc::MpiBackend>(transport, scopemc::DistributedOptions{}, mpi.host());
  ::testing::InitGoogleTest(&argc, argv);
  if (mpi.rank() != 0) // (rank 0 prints; the others' checks are rank 0's)
    delete ::testing::UnitTest::GetInstance()->listeners().Release(
        ::testing::UnitTest::GetInstance()->listeners().default_result_printer());
  int rc = RUN_ALL_TESTS();
  scopemc::backend.reset();
  return mpi.rank() == 0 ? rc : 0;
}
