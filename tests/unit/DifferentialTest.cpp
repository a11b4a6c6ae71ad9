// Differential oracle (docs/dpor.md §7): on generated programs the DPOR must explore exactly the
// executions a naive enumerator finds consistent with its own reference implementation of
// docs/model.md, each exactly once. Seeds are printed on failure.

#include <algorithm>

#include <gtest/gtest.h>

#include "dpor/Explorer.h"
#include "dpor/Parallel.h"
#include "interpreter/Interpreter.h"
#include "session/Session.h"
#include "tests/oracle/Reference.h"
#include "tests/oracle/TestSupport.h"

namespace scopemc::oracle {
namespace {

struct Collector final : ExplorationObserver {
  std::function<int(Addr)> locOf;
  std::set<std::string> seen;
  int duplicates = 0;
  uint64_t blocked = 0;
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &ends) override {
    for (auto &e : ends)
      if (e.kind != ThreadEndState::Kind::Finished) {
        ++blocked;
        return true;
      }
    if (!seen.insert(canonical(g, locOf)).second)
      ++duplicates;
    return true;
  }
};

int scriptedLoc(Addr a) { return static_cast<int>((a - locAddr(0)) / 8); }

std::set<std::string> explore(const AbstractProgram &p, ExplorationOptions opts, int &dups,
                              ExplorationResult *result = nullptr) {
  ScriptedRunner runner(p);
  Collector c;
  c.locOf = scriptedLoc;
  Explorer ex(runner, c, opts);
  ExplorationResult r = ex.run();
  if (result)
    *result = r;
  dups = c.duplicates;
  return c.seen;
}

constexpr uint64_t kMaxCandidates = 60000;

/// The program the generator makes from `seed`.
AbstractProgram programFor(uint64_t seed, const GeneratorOptions &go) {
  std::mt19937_64 rng(seed);
  return generate(rng, go);
}

/// Generator options of the differential tests: plain programs, or with spin loops (awaits),
/// many of them (lock-like: `awaitPercent` of the operations are awaits, on few locations and
/// operations), and CAS spin loops.
struct Shape {
  bool scoped = false;
  bool awaits = false;
  int awaitPercent = 0;
  bool casAwaits = false;
  bool ttasLocks = false;
  int scPercent = 0;
  int scFencePercent = 0;
};
Shape plain(bool scoped) { return Shape{scoped}; }
Shape ttasLocks(bool scoped) { return Shape{scoped, true, 0, false, true}; }
Shape withAwaits(bool scoped) { return Shape{scoped, true}; }
Shape lockLike(bool scoped, int awaitPercent) { return Shape{scoped, true, awaitPercent}; }
Shape casLoops(bool scoped, int awaitPercent) { return Shape{scoped, true, awaitPercent, true}; }

GeneratorOptions generatorOptions(const Shape &shape) {
  GeneratorOptions go;
  go.scoped = shape.scoped;
  go.awaits = shape.awaits;
  go.awaitPercent = shape.awaitPercent;
  go.casAwaits = shape.casAwaits;
  go.ttasLocks = shape.ttasLocks;
  go.scPercent = shape.scPercent;
  go.scFencePercent = shape.scFencePercent;
  if (shape.awaitPercent) {
    go.maxLocs = 2;
    go.maxOps = 5;
  }
  return go;
}

/// Scoped for odd seeds, with spin loops for every third seed.
GeneratorOptions mixedOptions(uint64_t seed) {
  bool scoped = seed % 2;
  return generatorOptions(seed % 3 == 0 ? withAwaits(scoped) : plain(scoped));
}

/// Compares the DPOR with the enumerator on `wanted` programs of the given shape (a sixteenth
/// of them, at least 4, in the sanitized build, test::programsToCompare), from `firstSeed` on
/// (programs too large to enumerate are skipped).
void differential(const Shape &shape, uint64_t firstSeed, int wanted,
                  ExplorationOptions opts = {}) {
  wanted = test::programsToCompare(wanted, std::max(wanted / 16, 4));
  int compared = 0;
  uint64_t seed = firstSeed;
  for (; compared < wanted && seed < firstSeed + 20 * static_cast<uint64_t>(wanted); ++seed) {
    AbstractProgram p = programFor(seed, generatorOptions(shape));
    std::set<std::string> ref;
    try {
      ref = enumerateConsistent(p, kMaxCandidates);
    } catch (const TooLarge &) {
      continue;
    }
    if (shape.casAwaits &&
        ref.empty()) // every CAS spin loop blocks: count only programs that finish
      continue;
    int dups = 0;
    std::set<std::string> got = explore(p, opts, dups);
    ASSERT_EQ(dups, 0) << "seed " << seed << ": an execution was explored twice\n" << p.describe();
    if (ref != got) {
      std::string missing, extra;
      for (auto &s : ref)
        if (!got.count(s))
          missing += s + "--\n";
      for (auto &s : got)
        if (!ref.count(s))
          extra += s + "--\n";
      FAIL() << "seed " << seed << "\n"
             << p.describe() << "reference " << ref.size() << ", dpor " << got.size()
             << "\nmissing from the DPOR:\n"
             << missing << "not consistent:\n"
             << extra;
    }
    ++compared;
  }
  EXPECT_GE(compared, wanted) << "too many generated programs were too large to enumerate";
}

TEST(Differential, Rc11ProgramsMatchTheNaiveEnumerator) { differential(plain(false), 1, 250); }

TEST(Differential, ScopedProgramsMatchTheNaiveEnumerator) {
  differential(plain(true), 100000, 250);
}

TEST(Differential, ScHeavyProgramsMatchTheEnumeratorAndTheFullPscCheck) {
  // Most atomics seq_cst (fences keep their mix, so both psc paths run): the explorer's
  // incremental psc answers are compared with the from-scratch check at every event
  // (crossCheckPsc throws on a disagreement), and the executions with the enumerator.
  ExplorationOptions o;
  o.crossCheckPsc = true;
  for (bool scoped : {false, true}) {
    Shape sh = plain(scoped);
    sh.scPercent = 80;
    differential(sh, scoped ? 300000 : 200000, 150, o);
    sh.scPercent = 50; // release/acquire between SC accesses: po|≠loc; hb; po|≠loc edges
    differential(sh, scoped ? 310000 : 210000, 150, o);
  }
}

TEST(Differential, ScFenceProgramsMatchTheEnumeratorAndThePscDefinition) {
  // Many SC fences between accesses of every order (CUDA's __threadfence() in locks and
  // flags): at every event the fast psc check (pscAcyclic, and the events taken to add no
  // edge) is compared with the relation evaluated as its definition states it
  // (crossCheckPsc throws on a disagreement), and the executions with the enumerator.
  ExplorationOptions o;
  o.crossCheckPsc = true;
  for (bool scoped : {false, true}) {
    Shape sh = plain(scoped);
    sh.scFencePercent = 35;
    differential(sh, scoped ? 320000 : 220000, 200, o);
    sh.scPercent = 30; // SC accesses beside the fences
    differential(sh, scoped ? 330000 : 230000, 150, o);
  }
}

TEST(Differential, ProgramsWithSpinLoopsMatchTheNaiveEnumerator) {
  // Complete executions are those in which every spin loop exits at once; blocked ones are
  // not compared (the exploration may drop them early).
  differential(withAwaits(false), 200000, 150);
  differential(withAwaits(true), 300000, 150);
}

TEST(Differential, LockLikeAwaitProgramsMatchTheNaiveEnumerator) {
  // Many awaits for values that several writers produce in turn (ticket-lock shapes): the
  // spin-loop reductions must keep every complete execution.
  differential(lockLike(false, 40), 1400000, 1500);
  differential(lockLike(true, 40), 1500000, 1000);
  differential(lockLike(false, 25), 1600000, 800);
  differential(lockLike(true, 60), 1700000, 700);
}

TEST(Differential, CasSpinLoopProgramsMatchTheNaiveEnumerator) {
  // Lock acquires written as CAS spin loops: a failed CAS blocks its thread, and only the
  // executions where every CAS succeeded are complete.
  differential(casLoops(false, 0), 2100000, 100);
  differential(casLoops(true, 0), 2200000, 100);
  differential(casLoops(false, 40), 2300000, 250);
  differential(casLoops(true, 50), 2400000, 200);
}

TEST(Differential, TtasLockProgramsMatchTheNaiveEnumerator) {
  // Test-and-test-and-set locks: an attempt is two reads (the test load and the exchange),
  // and a failed exchange blocks it. Their blocked branches are what the rule that drops
  // threads blocked for good (dpor/SpinPruning.h) removes; seeded schedules order the threads
  // differently. The shape of the benchmarks' TTAS lock, with relaxed orders among the choices.
  differential(ttasLocks(false), 8100000, 200);
  differential(ttasLocks(true), 8200000, 150);
  ExplorationOptions seeded;
  seeded.scheduleSeed = 5;
  differential(ttasLocks(false), 8300000, 100, seeded);
}

TEST(Differential, ScheduleDoesNotChangeTheExecutions) {
  int compared = 0, wanted = test::programsToCompare(60, 4);
  for (uint64_t seed = 5000; compared < wanted; ++seed) {
    GeneratorOptions go;
    go.scoped = seed % 2;
    AbstractProgram p = programFor(seed, go);
    int dups = 0;
    std::set<std::string> base = explore(p, ExplorationOptions{}, dups);
    for (uint64_t s : {1u, 7u, 42u}) {
      ExplorationOptions o;
      o.scheduleSeed = s;
      std::set<std::string> other = explore(p, o, dups);
      ASSERT_EQ(dups, 0) << "seed " << seed << " schedule " << s;
      ASSERT_EQ(base, other) << "seed " << seed << " schedule " << s << "\n" << p.describe();
    }
    ++compared;
  }
}

TEST(Differential, SeededSchedulesMatchTheNaiveEnumeratorOnAwaits) {
  // The scheduler postpones a thread waiting at an await (ExplorationOptions::
  // postponeWaitingAwaits) also when it starts from a seeded thread: awaits and CAS spin
  // loops under two seeded schedules.
  for (uint64_t s : {3u, 11u}) {
    ExplorationOptions o;
    o.scheduleSeed = s;
    differential(withAwaits(true), 7300000 + s * 10000, 100, o);
    differential(lockLike(false, 40), 7400000 + s * 10000, 300, o);
    differential(casLoops(true, 50), 7900000 + s * 10000, 100, o);
  }
}

TEST(Differential, LockLikeProgramsMatchWithoutPostponingAwaits) {
  ExplorationOptions o;
  o.postponeWaitingAwaits = false;
  differential(lockLike(false, 40), 1400000, 300, o);
  differential(casLoops(false, 40), 2300000, 100, o);
}

TEST(Differential, ReplayCacheDoesNotChangeTheExecutions) {
  // The replay cache (ThreadDriver) answers a thread's next event from what the thread
  // offered before after the same replies. Without it, with it, and with one so small that
  // it is dropped every few events, the same executions are explored, none twice.
  uint64_t cached = 0, runs = 0;
  for (uint64_t seed = 8600; seed < 8720; ++seed) {
    bool scoped = seed % 2;
    Shape shape = seed % 3 == 0   ? ttasLocks(scoped)
                  : seed % 3 == 1 ? lockLike(scoped, 40)
                                  : plain(scoped);
    GeneratorOptions go = generatorOptions(shape);
    go.maxThreads = 3;
    AbstractProgram p = programFor(seed, go);
    int dups = 0;
    ExplorationOptions none;
    none.replayCacheEvents = 0;
    ExplorationResult r;
    std::set<std::string> base = explore(p, none, dups, &r);
    ASSERT_EQ(r.cachedEvents, 0u);
    for (size_t limit : {size_t{3}, ExplorationOptions{}.replayCacheEvents}) {
      ExplorationOptions o;
      o.replayCacheEvents = limit;
      std::set<std::string> other = explore(p, o, dups, &r);
      ASSERT_EQ(dups, 0) << "seed " << seed << " cache " << limit;
      ASSERT_EQ(base, other) << "seed " << seed << " cache " << limit << "\n" << p.describe();
      if (limit > 3) {
        cached += r.cachedEvents;
        runs += r.threadRuns;
      }
    }
  }
  EXPECT_GT(cached, runs) << "the cache should answer most next events of these programs";
}

TEST(Differential, ParallelExplorationFindsEachExecutionOnce) {
  // docs/dpor.md §7, parallel independence: with 2 or 3 workers the explorers together visit
  // exactly the executions of a sequential run, none twice (also across explorers).
  int compared = 0, wanted = test::programsToCompare(40, 6);
  for (uint64_t seed = 7000; compared < wanted; ++seed) {
    AbstractProgram p = programFor(seed, mixedOptions(seed));
    int dups = 0;
    std::set<std::string> base = explore(p, ExplorationOptions{}, dups);
    for (unsigned workers : {2u, 3u}) {
      std::vector<std::unique_ptr<Collector>> collectors;
      ParallelSetup setup;
      setup.workers = workers;
      setup.makeRunner = [&] { return std::make_unique<ScriptedRunner>(p); };
      setup.makeObserver = [&]() -> ExplorationObserver & {
        collectors.push_back(std::make_unique<Collector>());
        collectors.back()->locOf = scriptedLoc;
        return *collectors.back();
      };
      ExplorationResult r = exploreInParallel(setup, ExplorationOptions{});
      std::set<std::string> all;
      size_t visits = 0;
      for (auto &c : collectors) {
        ASSERT_EQ(c->duplicates, 0) << "seed " << seed;
        visits += c->seen.size();
        all.insert(c->seen.begin(), c->seen.end());
      }
      ASSERT_EQ(visits, all.size()) << "seed " << seed << ": two explorers visited one execution";
      ASSERT_EQ(all, base) << "seed " << seed << " with " << workers << " workers\n"
                           << p.describe();
      ASSERT_EQ(r.complete, base.size()) << "seed " << seed;
    }
    ++compared;
  }
}

/// Writes the program in C, runs it through Clang and the interpreter, and compares its
/// complete executions with the enumerator's. False when the program is too large (or,
/// with casLoopsThatFinish, has no CAS spin loop or no complete execution).
bool compiledMatches(uint64_t seed, const GeneratorOptions &go, bool casLoopsThatFinish = false) {
  AbstractProgram p = programFor(seed, go);
  auto hasCasLoop = [&] {
    for (auto &t : p.threads)
      for (auto &op : t.ops)
        if (op.kind == Op::Kind::CasAwait)
          return true;
    return false;
  };
  if (casLoopsThatFinish && !hasCasLoop())
    return false;
  std::set<std::string> ref;
  try {
    ref = enumerateConsistent(p, 20000);
  } catch (const TooLarge &) {
    return false;
  }
  if (casLoopsThatFinish && ref.empty())
    return false;
  test::ScratchFile file("scopemc_diff_" + std::to_string(seed) + ".c", toC(p));
  auto ctx = std::make_unique<llvm::LLVMContext>();
  FrontendOptions fo;
  fo.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  auto mod = loadModule(file.path(), *ctx, fo);
  Program prog(std::move(ctx), std::move(mod), ProgramOptions{});
  Collector c;
  c.locOf = [&](Addr a) {
    for (int l = 0; l < p.numLocs; ++l)
      if (a == prog.addressOf(prog.module().getNamedGlobal("v" + std::to_string(l))))
        return l;
    return -1;
  };
  // With the replay cache, without it, and with one dropped every few events.
  // (every execution is compared: the deferred updates, which explore one order of unused
  // fetch-adds, are compared with the search without them in CommutingTest)
  InterpreterOptions io;
  io.reductions.deferUpdates = false;
  for (size_t cache : {ExplorationOptions{}.replayCacheEvents, size_t{0}, size_t{3}}) {
    Interpreter interp(prog, io);
    c.seen.clear();
    ExplorationOptions o;
    o.replayCacheEvents = cache;
    Explorer ex(interp, c, o);
    ex.run();
    EXPECT_EQ(c.duplicates, 0) << "seed " << seed << " cache " << cache;
    EXPECT_EQ(ref, c.seen) << "seed " << seed << " cache " << cache << "\n"
                           << p.describe() << toC(p);
  }
  return true;
}

TEST(Differential, CompiledProgramsMatchTheNaiveEnumerator) {
  // The same programs written in C and run through Clang and the interpreter.
  int compared = 0;
  for (uint64_t seed = 9000; compared < 40 && !HasFailure(); ++seed) {
    GeneratorOptions go = mixedOptions(seed);
    go.maxThreads = 3;
    compared += compiledMatches(seed, go);
  }
  // Lock-like programs with CAS spin loops (the interpreter's spin-loop rule blocks a failed
  // iteration), counting only those with such a loop and some complete execution.
  compared = 0;
  for (uint64_t seed = 9500; compared < 15 && !HasFailure(); ++seed) {
    GeneratorOptions go;
    go.maxThreads = 3;
    go.maxLocs = 2;
    go.awaits = go.casAwaits = true;
    go.awaitPercent = 50;
    compared += compiledMatches(seed, go, true);
  }
  // TTAS locks written in C: the interpreter finds the same blocked attempts itself.
  compared = 0;
  for (uint64_t seed = 9800; compared < 10 && !HasFailure(); ++seed) {
    GeneratorOptions go;
    go.ttasLocks = true;
    compared += compiledMatches(seed, go);
  }
}

} // namespace
} // namespace scopemc::oracle
