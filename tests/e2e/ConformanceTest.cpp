// Every row of the conformance manifest (tests/conformance/manifest.csv, a copy of
// ../shared/conformance kept in the repository so that a clone's tests are self-contained):
// the execution count of a full exploration (--keep-going) and the set of error kinds must
// equal the row exactly. When ../shared/conformance exists, the copy must equal it.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "tests/e2e/Manifest.h"
#include "tests/oracle/TestSupport.h"

#include "session/Session.h"

namespace scopemc {
namespace {

struct Row {
  std::string program, model;
  uint64_t executions;
  std::set<std::string> errors;
};

std::vector<Row> readManifest() {
  std::ifstream in(std::string(SCOPEMC_CONFORMANCE_DIR) + "/manifest.csv");
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line); // header
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string prog, model, count, errors;
    std::getline(ss, prog, ',');
    std::getline(ss, model, ',');
    std::getline(ss, count, ',');
    std::getline(ss, errors, ',');
    Row r{prog, model, std::stoull(count), {}};
    std::stringstream es(errors);
    for (std::string e; std::getline(es, e, ';');)
      if (e != "none")
        r.errors.insert(e);
    rows.push_back(r);
  }
  return rows;
}

// Rows whose program is beyond what the tool can do yet, with the reason printed as the test's
// skip message. Each names the issue that brings it in; the row itself is never edited.
const std::map<std::string, std::string> &deferredRows() {
  // Rows whose run is skipped, with the reason printed (none today).
  static const std::map<std::string, std::string> rows = {};
  return rows;
}

void PrintTo(const Row &r, std::ostream *os) { *os << r.program; }

class Conformance : public ::testing::TestWithParam<Row> {};

TEST_P(Conformance, CountAndErrorsMatchTheManifest) {
  const Row &row = GetParam();
  if (auto it = deferredRows().find(row.program); it != deferredRows().end())
    GTEST_SKIP() << row.program << ": " << it->second;
  RunOptions o;
  o.file = std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/" + row.program + ".c";
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.checks.stopOnFirst = false;
  // The row counts every execution: the run without the symmetry reduction must give it; the
  // run with it the same errors in no more executions (and some, if there are any).
  RunOptions plain = o;
  plain.setReductions(false);
  for (bool reduced : {false, true}) {
    SCOPED_TRACE(reduced ? "with the symmetry reduction" : "without the symmetry reduction");
    RunResult res = verify(reduced ? o : plain);
    if (auto it = testing::uncheckedCutRows().find(row.program);
        it != testing::uncheckedCutRows().end()) {
      EXPECT_GE(res.exploration.complete, row.executions) << row.program << ": " << it->second;
    } else if (reduced) {
      EXPECT_LE(res.exploration.complete, row.executions) << row.program;
      EXPECT_EQ(res.exploration.complete == 0, row.executions == 0) << row.program;
    } else {
      EXPECT_EQ(res.exploration.complete, row.executions) << row.program;
    }
    std::set<std::string> kinds;
    for (auto &r : res.reports)
      kinds.insert(testing::manifestErrorKind(r.type));
    EXPECT_EQ(kinds, row.errors) << row.program;
  }
}

TEST(ConformanceManifest, IsReadable) { EXPECT_GE(readManifest().size(), 50u); }

TEST(ConformanceManifest, TheCopyEqualsTheSharedCorpus) {
  std::filesystem::path shared = std::filesystem::path(SCOPEMC_SHARED_DIR) / "conformance";
  if (!std::filesystem::is_directory(shared))
    GTEST_SKIP() << shared << " does not exist (a clone on its own): nothing to compare with";
  auto theirs = scopemc::testing::filesUnder(shared),
       ours = scopemc::testing::filesUnder(SCOPEMC_CONFORMANCE_DIR);
  for (auto &[name, text] : theirs) {
    auto it = ours.find(name);
    if (it == ours.end())
      ADD_FAILURE() << name << " is in " << shared << " but not in the copy: copy it into "
                    << SCOPEMC_CONFORMANCE_DIR;
    else
      EXPECT_TRUE(it->second == text) << name << " differs from " << shared << "/" << name;
  }
  for (auto &[name, text] : ours)
    EXPECT_TRUE(theirs.count(name)) << name << " is in the copy but not in " << shared;
}

INSTANTIATE_TEST_SUITE_P(Manifest, Conformance, ::testing::ValuesIn(readManifest()),
                         [](const auto &info) { return testing::testName(info.param.program); });

TEST(Rc11Sanity, ScopedAndPlainRc11AgreeWhenEveryScopeIsSystem) {
  // docs/model.md §4: with system scopes only, scoped RC11 is RC11.
  for (const Row &row : readManifest()) {
    if (row.model != "rc11" || deferredRows().count(row.program))
      continue;
    RunOptions o;
    o.file = std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/" + row.program + ".c";
    o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
    o.checks.stopOnFirst = false;
    uint64_t scoped = verify(o).exploration.complete;
    o.exploration.model = ModelKind::RC11;
    EXPECT_EQ(scoped, verify(o).exploration.complete) << row.program;
  }
}

TEST(SpinPruning, DroppingFrozenSpinBranchesKeepsEveryCompleteExecution) {
  // Programs with spin loops and locks: the same complete executions and error kinds with
  // and without the early drop and postponing waiting awaits; only blocked executions may
  // disappear.
  std::vector<std::pair<std::string, std::vector<std::string>>> programs;
  for (const Row &row : readManifest())
    if (row.program.find("lock") != std::string::npos ||
        row.program.find("mutex") != std::string::npos)
      programs.push_back(
          {std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/" + row.program + ".c", {}});
  std::string gpu = std::string(SCOPEMC_E2E_DIR) + "/../../benchmarks/programs/gpu/";
  for (std::string p : {"caslock.c", "ticketlock.c", "ttaslock.c", "xfbarrier.c"})
    for (std::string v : {"0", "1", "2"})
      programs.push_back({gpu + p, {"-DBLOCKS=2", "-DTHREADS=2", "-DVARIANT=" + v}});
  ASSERT_GE(programs.size(), 16u);
  for (size_t i = 0; i < programs.size(); ++i) {
    if (!test::runsInThisBuild(i, 3))
      continue;
    auto &[file, flags] = programs[i];
    RunOptions o;
    o.file = file;
    o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
    o.frontend.compilerArgs = flags;
    o.checks.stopOnFirst = false;
    // (every execution: which ones the symmetry reduction keeps depends on the search order)
    o.setReductions(false);
    RunResult pruned = verify(o);
    o.exploration.dropFrozenSpins = false;
    o.exploration.postponeWaitingAwaits = false;
    RunResult full = verify(o);
    std::string tag = file + (flags.empty() ? "" : " " + flags.back());
    EXPECT_EQ(pruned.exploration.complete, full.exploration.complete) << tag;
    EXPECT_LE(pruned.exploration.blocked, full.exploration.blocked) << tag;
    // In the GPU locks a failed attempt was overtaken by a lock write that every later lock
    // write depends on (the protocol hands the lock on through it), so the rule that drops
    // threads blocked for good (dpor/SpinPruning.h) removes blocked executions; those whose
    // spinning thread read the latest values are kept (they may end in a hang).
    if (file.find("/gpu/") != std::string::npos && file.find("lock.c") != std::string::npos) {
      EXPECT_LT(pruned.exploration.blocked, full.exploration.blocked) << tag;
    }
    std::set<std::string> a, b;
    for (auto &r : pruned.reports)
      a.insert(testing::manifestErrorKind(r.type));
    for (auto &r : full.reports)
      b.insert(testing::manifestErrorKind(r.type));
    EXPECT_EQ(a, b) << tag;
  }
}

} // namespace
} // namespace scopemc
