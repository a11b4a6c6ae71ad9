// Search paths (dpor/Path.h) checked in one process, without MPI: a search gives branches
// away as paths (bytes), each is rebuilt by a fresh explorer with its own interpreter, and
//  - the rebuilt graph equals the graph the branch was cut from, event for event;
//  - exploring every branch so given away, and those they give away in turn, finds the
//    executions (complete and blocked) and errors of one undivided search;
//  - an error found in any part, replayed from its path by a fresh explorer, is found again.
// This is what the distributed search (distributed/) relies on; the conformance corpus and the
// GPU locks are the programs.
#include <deque>
#include <set>

#include <gtest/gtest.h>

#include "tests/e2e/Manifest.h"

#include "dpor/Replay.h"
#include "interpreter/Interpreter.h"
#include "program/ProgramSymbolizer.h"
#include "session/Session.h"

namespace scopemc {
namespace {

struct Quiet final : ExplorationObserver {
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &, const std::vector<ThreadEndState> &) override {
    return true;
  }
};

/// The events of g in stamp order, with what the exploration reads of each.
std::vector<std::string> describe(const ExecutionGraph &g) {
  std::vector<std::pair<Stamp, std::string>> events;
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    if (!g.threadExists(t))
      continue;
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      std::string d = toString(l->pos()) + " kind " + std::to_string(static_cast<int>(l->kind())) +
                      (l->addedMax() ? " max" : "") + (l->revisitable() ? " rev" : "");
      if (auto *r = dyn_cast<ReadLabel>(l))
        d += " rf " + toString(r->rf());
      if (auto *w = dyn_cast<WriteLabel>(l))
        d += " co " + std::to_string(g.coIndex(w->pos()));
      if (auto *b = dyn_cast<BarrierDepartLabel>(l))
        d += " serial " + std::to_string(b->serial());
      events.emplace_back(l->stamp(), d);
    }
  }
  std::sort(events.begin(), events.end());
  std::vector<std::string> out;
  for (auto &[s, d] : events)
    out.push_back(d);
  return out;
}

/// A search divided into parts that travel as paths.
class DividedSearch {
public:
  DividedSearch(const Program &p, RunOptions o)
      : program_(p), opts_(std::move(o)), sym_(p, opts_.frontend.includeDir) {
    checks_ = opts_.checks;
  }

  void run() {
    explorePart(std::nullopt);
    while (!queue_.empty()) {
      SearchPath p = std::move(queue_.front());
      queue_.pop_front();
      explorePart(p);
    }
  }

  ExplorationResult total;
  std::set<std::string> errors;
  unsigned parts = 0, reproduced = 0;

private:
  /// Tells the checker everything, and replays each new error's path at once.
  struct Spy final : ExplorationObserver {
    DividedSearch &search;
    BugChecker &checker;
    Explorer *explorer = nullptr;
    Spy(DividedSearch &s, BugChecker &c) : search(s), checker(c) {}
    bool onEvent(const ExecutionGraph &g, Event e) override {
      size_t before = checker.reports().size();
      bool go = checker.onEvent(g, e);
      if (checker.reports().size() > before)
        search.reproduce(Explorer::Replay(*explorer).here(e), checker.reports().back());
      return go;
    }
    bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &t) override {
      size_t before = checker.reports().size();
      bool go = checker.onExecutionEnd(g, t);
      if (checker.reports().size() > before)
        search.reproduce(Explorer::Replay(*explorer).here(std::nullopt), checker.reports().back());
      return go;
    }
  };

  void explorePart(const std::optional<SearchPath> &path) {
    ++parts;
    Interpreter interp(program_, opts_.interpreter);
    BugChecker checker(checks_, opts_.exploration.model, &sym_);
    Spy spy(*this, checker);
    Explorer::Sharing sharing;
    sharing.start = std::chrono::steady_clock::now();
    unsigned executions = 0;
    sharing.betweenExecutions = [&](Explorer &ex) {
      if (++executions % 5 != 1 || gaveAway_ >= 150)
        return;
      if (auto b = ex.splitOff())
        giveAway(*b);
    };
    Explorer ex(interp, spy, opts_.exploration, &sharing);
    spy.explorer = &ex;
    ExplorationResult r = path ? ex.run(Explorer::Replay(ex).rebuild(*path)) : ex.run();
    total.complete += r.complete;
    total.blocked += r.blocked;
    total.boundHit = total.boundHit || r.boundHit;
    for (auto &rep : checker.reports())
      errors.insert(std::string(errorTypeName(rep.type)) + "|" + rep.key());
  }

  void giveAway(Explorer::Branch &b) {
    ++gaveAway_;
    SearchPath path{b.trail, SearchPath::End::Alternative, toPathStep(b.item)};
    std::vector<uint8_t> bytes = encodePath(path);
    SearchPath back = decodePath(bytes.data(), bytes.size());
    ASSERT_EQ(back, path);
    Interpreter interp(program_, opts_.interpreter);
    Quiet quiet;
    Explorer other(interp, quiet, opts_.exploration);
    Explorer::Branch rebuilt = Explorer::Replay(other).rebuild(back);
    EXPECT_EQ(rebuilt.item.kind, b.item.kind);
    EXPECT_EQ(rebuilt.item.target, b.item.target);
    EXPECT_EQ(rebuilt.item.write, b.item.write);
    EXPECT_EQ(rebuilt.item.coPos, b.item.coPos);
    b.graph.cutToStamp(b.item.stamp);
    rebuilt.graph.cutToStamp(rebuilt.item.stamp);
    EXPECT_EQ(describe(rebuilt.graph), describe(b.graph)) << "branch " << gaveAway_;
    queue_.push_back(std::move(back));
  }

  void reproduce(const SearchPath &path, const Report &found) {
    std::vector<uint8_t> bytes = encodePath(path);
    SearchPath back = decodePath(bytes.data(), bytes.size());
    Interpreter interp(program_, opts_.interpreter);
    BugChecker checker(checks_, opts_.exploration.model, &sym_);
    Explorer other(interp, checker, opts_.exploration);
    Explorer::Replay(other).reproduce(back);
    // (the event may show other errors too, which the first search had seen before)
    bool again =
        std::any_of(checker.reports().begin(), checker.reports().end(), [&](const Report &r) {
          return r.type == found.type && r.key() == found.key();
        });
    EXPECT_TRUE(again) << found.message;
    reproduced += again;
  }

  const Program &program_;
  RunOptions opts_;
  CheckOptions checks_;
  ProgramSymbolizer sym_;
  std::deque<SearchPath> queue_;
  unsigned gaveAway_ = 0;
};

struct Case {
  std::string name, file;
  std::vector<std::string> defines;
};
void PrintTo(const Case &c, std::ostream *os) { *os << c.name; }

std::vector<Case> cases() {
  std::vector<Case> out;
  for (auto &row : testing::readManifest(std::string(SCOPEMC_CONFORMANCE_DIR) + "/manifest.csv"))
    out.push_back(
        {row[0], std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/" + row[0] + ".c", {}});
  std::string gpu = std::string(SCOPEMC_BENCH_DIR) + "/programs/gpu/";
  for (const char *lock : {"caslock", "ticketlock", "ttaslock"})
    for (int variant : {0, 1})
      out.push_back({std::string(lock) + "_3x1_v" + std::to_string(variant),
                     gpu + lock + ".c",
                     {"-DBLOCKS=3", "-DTHREADS=1", "-DVARIANT=" + std::to_string(variant)}});
  out.push_back(
      {"xfbarrier_2x2", gpu + "xfbarrier.c", {"-DBLOCKS=2", "-DTHREADS=2", "-DVARIANT=0"}});
  return out;
}

class PathReplay : public ::testing::TestWithParam<Case> {};

TEST_P(PathReplay, PartsGivenAwayAsPathsAddUpToTheWholeSearch) {
  const Case &c = GetParam();
  RunOptions o;
  o.file = c.file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.frontend.compilerArgs = c.defines;
  o.checks.stopOnFirst = false;
  std::shared_ptr<const Program> program = loadProgram(o);
  RunResult whole = verifyProgram(program, o);
  ASSERT_FALSE(whole.symmetryAbandoned);
  // (the parts run the search the session ran last: without deferral if it was abandoned)
  o.interpreter.reductions.deferUpdates = !whole.deferralAbandoned;
  DividedSearch divided(*program, o);
  divided.run();
  EXPECT_EQ(divided.total.complete, whole.exploration.complete);
  EXPECT_EQ(divided.total.blocked, whole.exploration.blocked);
  std::set<std::string> errors;
  for (auto &r : whole.reports)
    errors.insert(std::string(errorTypeName(r.type)) + "|" + r.key());
  EXPECT_EQ(divided.errors, errors);
  EXPECT_GE(divided.reproduced, errors.size());
  RecordProperty("parts", static_cast<int>(divided.parts));
}

INSTANTIATE_TEST_SUITE_P(Programs, PathReplay, ::testing::ValuesIn(cases()),
                         [](const auto &info) { return testing::testName(info.param.name); });

} // namespace
} // namespace scopemc
