// The kernel front ends end to end: tests/e2e/kernels/manifest.csv lists each program with
// its input style (GPUMC-annotated pthreads, scopemc.h, CUDA style, OpenCL C, LLVM IR), the
// kernel and grid to run, compiler flags, and the verdict and execution count docs/model.md gives.
// Rows of one group are one algorithm written several ways: they must agree.
#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include <gtest/gtest.h>

#include "program/Program.h"
#include "session/Session.h"
#include "tests/e2e/Manifest.h"
#include "tests/oracle/TestSupport.h"

namespace scopemc {
namespace {

struct Row {
  std::string group, file, kernel, grid, flags, verdict, error;
  long executions = -1;
  bool keepGoing = false;
};

std::vector<Row> readRows() {
  std::vector<Row> rows;
  for (auto &f : testing::readManifest(std::string(SCOPEMC_E2E_DIR) + "/kernels/manifest.csv")) {
    if (f.size() != 9)
      ADD_FAILURE() << "malformed manifest line starting with " << f[0];
    else
      rows.push_back(
          Row{f[0], f[1], f[2], f[3], f[4], f[5], f[6], std::stol(f[7]), f[8] == "keep-going"});
  }
  return rows;
}

struct Outcome {
  std::string verdict;
  long executions;
  std::vector<std::string> errors;
};

/// The options a row gives (file, compiler flags, kernel and grid).
RunOptions rowOptions(const Row &r) {
  RunOptions o;
  o.file = std::string(SCOPEMC_E2E_DIR) + "/kernels/" + r.file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  // The precompiled CUDA prefix (frontend/PrefixCache.h): every other suite parses it.
  o.frontend.pchDir = ::testing::TempDir() + "scopemc-pch";
  if (r.flags != "-") {
    std::stringstream ss(r.flags);
    for (std::string a; ss >> a;)
      if (a.rfind("--arg=", 0) == 0) { // a kernel argument NAME=VALUE, lists with ':'
        std::string v = a.substr(a.find('=', 6) + 1);
        std::replace(v.begin(), v.end(), ':', ',');
        o.kernel.args.push_back({a.substr(6, a.find('=', 6) - 6), v});
      } else {
        o.frontend.compilerArgs.push_back(a);
      }
  }
  if (r.kernel != "-") {
    o.kernel.name = r.kernel;
    EXPECT_TRUE(parseGrid(r.grid, o.kernel)) << r.grid;
  }
  o.checks.stopOnFirst = !r.keepGoing;
  return o;
}

/// The row's program, compiled once for all its runs.
std::shared_ptr<const Program> load(const Row &r) { return loadProgram(rowOptions(r)); }

/// One run of the loaded program; `symmetry` false: every permutation of interchangeable
/// threads (the count the specification gives).
Outcome run(const Row &r, const std::shared_ptr<const Program> &prog, unsigned workers = 1,
            bool symmetry = false, std::optional<uint64_t> seed = std::nullopt) {
  RunOptions o = rowOptions(r);
  o.exploration.scheduleSeed = seed;
  o.setReductions(symmetry);
  o.exploration.workers = workers;
  RunResult res = verifyProgram(prog, o);
  Outcome out{res.verdict == Verdict::Verified     ? "verified"
              : res.verdict == Verdict::ErrorFound ? "error"
              : res.verdict == Verdict::Bounded    ? "bounded"
                                                   : "timeout",
              static_cast<long>(res.exploration.complete),
              {}};
  for (auto &rep : res.reports)
    out.errors.push_back(std::string(errorTypeName(rep.type)));
  return out;
}

/// The manifest's rows by group, in file order: one test per group, so that CTest spreads
/// the groups over its workers.
std::vector<std::vector<Row>> readGroups() {
  std::vector<std::vector<Row>> groups;
  std::map<std::string, size_t> index;
  for (Row &r : readRows()) {
    auto [it, fresh] = index.try_emplace(r.group, groups.size());
    if (fresh)
      groups.emplace_back();
    groups[it->second].push_back(std::move(r));
  }
  return groups;
}

void PrintTo(const std::vector<Row> &g, std::ostream *os) { *os << g.front().group; }

TEST(KernelsManifest, ListsEveryStyle) { EXPECT_GE(readRows().size(), 30u); }

class Kernels : public ::testing::TestWithParam<std::vector<Row>> {};

TEST_P(Kernels, EveryStyleGivesTheSpecifiedResult) {
  const std::vector<Row> &rows = GetParam();
  std::optional<std::pair<std::string, Outcome>> firstOfGroup;
  for (const Row &r : rows) {
    SCOPED_TRACE(r.group + ": " + r.file + (r.flags != "-" ? " " + r.flags : ""));
    std::shared_ptr<const Program> prog = load(r);
    Outcome o = run(r, prog);
    EXPECT_EQ(o.verdict, r.verdict);
    if (r.verdict == "error") {
      EXPECT_NE(std::find(o.errors.begin(), o.errors.end(), r.error), o.errors.end())
          << "expected " << r.error
          << ", first reported: " << (o.errors.empty() ? "none" : o.errors[0]);
    }
    if (r.executions >= 0) {
      EXPECT_EQ(o.executions, r.executions);
    }
    // With the symmetry reduction: the same verdict in no more executions, and parallel
    // independence (docs/dpor.md §7): two workers find the same as one. (The sanitized build
    // runs only the two workers, with the reduction: the same code, for CI time.)
    Outcome par = run(r, prog, 2, true);
    Outcome sym = test::sanitizedBuild() ? par : run(r, prog, 1, true);
    EXPECT_EQ(sym.verdict, o.verdict) << "with the symmetry reduction";
    if (r.keepGoing) {
      EXPECT_LE(sym.executions, o.executions) << "with the symmetry reduction";
      EXPECT_EQ(sym.errors.empty(), o.errors.empty()) << "with the symmetry reduction";
    }
    EXPECT_EQ(par.verdict, o.verdict) << "with 2 workers";
    if (r.keepGoing) {
      EXPECT_EQ(par.executions, sym.executions) << "with 2 workers";
      auto sorted = [](std::vector<std::string> v) {
        std::sort(v.begin(), v.end());
        return v;
      };
      EXPECT_EQ(sorted(par.errors), sorted(sym.errors)) << "with 2 workers";
    }
    // Rows of one group are one algorithm written several ways: they must agree.
    if (!firstOfGroup) {
      firstOfGroup.emplace(r.file, o);
      continue;
    }
    const Outcome &first = firstOfGroup->second;
    EXPECT_EQ(o.verdict, first.verdict) << "differs from " << firstOfGroup->first;
    if (r.executions >= 0) {
      EXPECT_EQ(o.executions, first.executions) << "differs from " << firstOfGroup->first;
    }
  }
}

/// The rows whose program calls __activemask() (or coalesced_threads(), made of it).
std::vector<Row> convergenceRows() {
  std::vector<Row> out;
  for (Row &r : readRows()) {
    std::ifstream in(std::string(SCOPEMC_E2E_DIR) + "/kernels/" + r.file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("__activemask()") != std::string::npos ||
        text.find("coalesced_threads()") != std::string::npos)
      out.push_back(std::move(r));
  }
  return out;
}

// Which lanes an __activemask() call returns is decided by the execution graph, not by the
// order the exploration adds events in (docs/development.md, "Barriers that are not objects
// in memory"): a schedule that picks threads pseudo-randomly gives the specified result.
TEST(KernelsManifest, ActiveLanesDoNotDependOnTheSchedule) {
  std::vector<Row> rows = convergenceRows();
  EXPECT_GE(rows.size(), 10u);
  for (const Row &r : rows)
    for (uint64_t seed : {42u}) {
      SCOPED_TRACE(r.file + " " + r.flags + " seed " + std::to_string(seed));
      Outcome o = run(r, load(r), 1, false, seed);
      EXPECT_EQ(o.verdict, r.verdict);
      if (r.executions >= 0) {
        EXPECT_EQ(o.executions, r.executions);
      }
    }
}

INSTANTIATE_TEST_SUITE_P(Manifest, Kernels, ::testing::ValuesIn(readGroups()),
                         [](const auto &info) {
                           return testing::testName(info.param.front().group);
                         });

} // namespace
} // namespace scopemc
