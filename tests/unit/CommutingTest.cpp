// Differential oracle of the commuting-updates reduction (docs/commuting.md, docs/dpor.md §7):
// on generated C programs whose threads add to counters with relaxed fetch_adds whose results
// they drop, mixed with what can tell the orders apart (loads of the counters, used results,
// stores, release and acquire fences, flags, plain accesses that race), the search with the
// reduction must reach the same final memory and the same errors as the search without it, in
// no more executions. Planted mistakes (an RMW whose write may still be read taken as unread;
// used results taken as unused) must be caught by the same comparison.
#include <cstdio>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "program/Program.h"
#include "session/Session.h"
#include "tests/oracle/FinalMemory.h"
#include "tests/oracle/TestSupport.h"
#include "tests/planted/Planted.h"

namespace scopemc {
namespace {

struct Generated {
  std::string source;
  int commuting = 0; // fetch_adds and fetch_subs whose results are dropped
};

/// An update of `c` by `v` of one of the bitwise operations, whose result is dropped; a third
/// of them in a loop of two rounds or in a spin on `flag` (where what it changes enters the
/// loop's progress record, so they are not marked).
std::string bitwiseUpdate(const std::function<int(int)> &pick, const std::string &c,
                          const std::string &v, Generated &g) {
  const char *op[] = {"or", "and", "xor"};
  std::string update = std::string("atomic_fetch_") + op[pick(3)] + "_explicit(&" + c + ", " + v +
                       ", memory_order_relaxed);\n";
  switch (pick(6)) {
  case 0:
    return "  for (int k = 0; k < 2; k++)\n    " + update;
  case 1: // (a spin whose iterations change the counter until the or stops changing it)
    return "  while (!atomic_load_explicit(&flag, memory_order_relaxed))\n    "
           "atomic_fetch_or_explicit(&" +
           c + ", " + v + ", memory_order_relaxed);\n";
  default:
    break;
  }
  ++g.commuting;
  return "  " + update;
}

/// Threads of different code (no two alike: the symmetry reduction stays out of it unless
/// `alike`, where every thread runs one function on its id). `bitwise`: and, or and xor
/// updates too, on the same counters as the adds.
Generated generate(uint64_t seed, bool alike, bool bitwise = false) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  int threads = 2 + pick(2);
  Generated g;
  auto counter = [&] { return "c" + std::to_string(pick(4) == 0 ? 1 : 0); };
  auto body = [&](int t) {
    std::string s = "  int r = 0;\n";
    int ops = 1 + pick(3);
    for (int k = 0; k < ops; ++k) {
      std::string c = counter(), v = std::to_string(1 + pick(3));
      if (bitwise && pick(2) == 0) {
        s += bitwiseUpdate(pick, c, v, g);
        continue;
      }
      switch (pick(12)) {
      case 0:
      case 1:
      case 2:
      case 3:
        s += "  atomic_fetch_add_explicit(&" + c + ", " + v + ", memory_order_relaxed);\n";
        ++g.commuting;
        break;
      case 4:
        s += "  atomic_fetch_sub_explicit(&" + c + ", " + v + ", memory_order_relaxed);\n";
        ++g.commuting;
        break;
      case 5:
        s += "  r += atomic_load_explicit(&" + c + ", " +
             (pick(2) ? "memory_order_relaxed" : "memory_order_acquire") + ");\n";
        break;
      case 6:
        s += "  r += atomic_fetch_add_explicit(&" + c + ", 1, memory_order_relaxed);\n";
        break;
      case 7: {
        const char *f[] = {"memory_order_release", "memory_order_acquire", "memory_order_acq_rel",
                           "memory_order_seq_cst"};
        s += std::string("  atomic_thread_fence(") + f[pick(pick(5) ? 3 : 4)] + ");\n";
        break;
      }
      case 8:
        s += "  atomic_store_explicit(&flag, 1, memory_order_release);\n";
        break;
      case 9:
        s += "  if (atomic_load_explicit(&flag, memory_order_acquire)) r += 10;\n";
        break;
      case 10:
        s += "  atomic_store_explicit(&" + c + ", " + v + ", " +
             (pick(2) ? "memory_order_relaxed" : "memory_order_release") + ");\n";
        break;
      default:
        s += "  data = " + std::to_string(t + 1) + ";\n";
        break;
      }
    }
    s += "  seen[" + (alike ? std::string("id") : std::to_string(t)) + "] = r;\n";
    return s;
  };
  std::string n = std::to_string(threads), src;
  src = "#include <pthread.h>\n#include <stdatomic.h>\n#include <stdint.h>\n"
        "atomic_int c0, c1, flag;\nint data;\nint seen[" +
        n + "], mainSeen;\n";
  if (alike) {
    src += "void *worker(void *arg) {\n  int id = (int)(intptr_t)arg;\n" + body(0) +
           "  return NULL;\n}\n";
  } else {
    for (int t = 0; t < threads; ++t)
      src +=
          "void *worker" + std::to_string(t) + "(void *arg) {\n" + body(t) + "  return NULL;\n}\n";
  }
  src += "int main(void) {\n  pthread_t t[" + n + "];\n";
  for (int t = 0; t < threads; ++t)
    src += "  pthread_create(&t[" + std::to_string(t) + "], NULL, " +
           (alike ? std::string("worker") : "worker" + std::to_string(t)) + ", (void *)(intptr_t)" +
           std::to_string(t) + ");\n";
  if (pick(3) == 0) // main looks at a counter while the threads run
    src += "  mainSeen = atomic_load_explicit(&c0, memory_order_relaxed);\n";
  src += "  for (int i = 0; i < " + n + "; i++)\n    pthread_join(t[i], NULL);\n  return 0;\n}\n";
  g.source = src;
  return g;
}

/// Programs whose counters are mostly read only at the end (main's final memory), so that the
/// deferred updates' premise (dpor/Deferral.h) mostly holds, and whose threads order other
/// events through other locations after their updates (flags and values, relaxed and
/// release/acquire, RMWs whose results are used, release fences): the causality an update
/// order could carry. A few reads of a counter while the threads run, and acquire fences,
/// break the premise and make the search start over without deferral.
Generated generateDeferrable(uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  int threads = 2 + pick(3);
  Generated g;
  auto other = [&] { return std::string(pick(2) ? "x" : "y"); };
  auto order = [&](const char *strong) {
    return std::string(pick(2) ? "memory_order_relaxed" : strong);
  };
  auto body = [&](int t) {
    std::string s = "  int r = 0;\n";
    int ops = 2 + pick(4);
    for (int k = 0; k < ops; ++k) {
      std::string c = pick(3) == 0 ? "c1" : "c0", v = std::to_string(1 + pick(3));
      switch (pick(20)) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4:
      case 5:
      case 6:
        s += "  atomic_fetch_add_explicit(&" + c + ", " + v + ", memory_order_relaxed);\n";
        ++g.commuting;
        break;
      case 7:
        s += "  if (r) atomic_fetch_sub_explicit(&" + c + ", " + v + ", memory_order_relaxed);\n";
        ++g.commuting;
        break;
      case 8:
      case 9:
        s += "  atomic_store_explicit(&" + other() + ", " + std::to_string(t + 1) + ", " +
             order("memory_order_release") + ");\n";
        break;
      case 10:
      case 11:
      case 12:
        s += "  r += atomic_load_explicit(&" + other() + ", " + order("memory_order_acquire") +
             ");\n";
        break;
      case 13:
        s += "  r += atomic_fetch_add_explicit(&" + other() + ", 1, " +
             order("memory_order_acq_rel") + ");\n";
        break;
      case 14:
        s += "  atomic_thread_fence(memory_order_release);\n";
        break;
      case 15:
        if (pick(3) == 0)
          s += "  atomic_thread_fence(memory_order_acquire);\n";
        break;
      case 16:
        if (pick(3) == 0)
          s += "  r += atomic_load_explicit(&" + c + ", memory_order_relaxed);\n";
        break;
      case 17:
        s += "  if (r == " + std::to_string(pick(4)) + ") data = " + std::to_string(t + 1) + ";\n";
        break;
      default:
        s += "  data = " + std::to_string(t + 1) + ";\n";
        break;
      }
    }
    return s + "  seen[" + std::to_string(t) + "] = r;\n";
  };
  std::string n = std::to_string(threads), src;
  src = "#include <pthread.h>\n#include <stdatomic.h>\n"
        "atomic_int c0, c1, x, y;\nint data;\nint seen[" +
        n + "];\n";
  for (int t = 0; t < threads; ++t)
    src += "void *worker" + std::to_string(t) + "(void *arg) {\n" + body(t) + "  return NULL;\n}\n";
  src += "int main(void) {\n  pthread_t t[" + n + "];\n";
  for (int t = 0; t < threads; ++t)
    src += "  pthread_create(&t[" + std::to_string(t) + "], NULL, worker" + std::to_string(t) +
           ", NULL);\n";
  src += "  for (int i = 0; i < " + n + "; i++)\n    pthread_join(t[i], NULL);\n  return 0;\n}\n";
  g.source = src;
  return g;
}

/// The same kind of program as a CUDA kernel launch of 2 or 3 threads, each running the code
/// its thread index selects: the launch's runner joins the grid in one run of joins
/// (ThreadJoinLabel::joinsAfter), which the persistence analysis relies on. `minMax`: atomicMin,
/// atomicMax and atomicOr updates too.
Generated generateCuda(uint64_t seed, bool minMax = false) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  int threads = 2 + pick(2);
  Generated g;
  std::string body;
  for (int t = 0; t < threads; ++t) {
    body += "  case " + std::to_string(t) + ":\n";
    int ops = 1 + pick(3);
    for (int k = 0; k < ops; ++k) {
      std::string c = pick(4) == 0 ? "&c1" : "&c0", v = std::to_string(1 + pick(3));
      if (minMax && pick(2) == 0) { // (an unused min, max or or: marked; used: not)
        const char *op[] = {"atomicMin", "atomicMax", "atomicOr"};
        bool used = pick(4) == 0;
        body +=
            std::string(used ? "    r += " : "    ") + op[pick(3)] + "(" + c + ", " + v + ");\n";
        g.commuting += used ? 0 : 1;
        continue;
      }
      switch (pick(7)) {
      case 0:
      case 1:
      case 2:
        body += "    atomicAdd(" + c + ", " + v + ");\n";
        ++g.commuting;
        break;
      case 3:
        body += "    atomicSub(" + c + ", " + v + ");\n";
        ++g.commuting;
        break;
      case 4:
        body += "    r += atomicAdd(" + c + ", 0);\n";
        break;
      case 5:
        body += "    atomicExch(" + c + ", " + v + ");\n";
        break;
      default:
        body += "    data = " + std::to_string(t + 1) + ";\n";
        break;
      }
    }
    body += "    seen[" + std::to_string(t) + "] = r;\n    break;\n";
  }
  g.source = "#include <cuda_runtime.h>\n__device__ int c0, c1, data, seen[3];\n"
             "__global__ void k() {\n  int r = 0;\n  switch (threadIdx.x) {\n" +
             body + "  }\n}\nint main() {\n  k<<<1, " + std::to_string(threads) +
             ">>>();\n  cudaDeviceSynchronize();\n  return 0;\n}\n";
  return g;
}

struct Outcome {
  std::set<std::string> states, errors;
  uint64_t complete = 0, dropped = 0;
  bool deferred = false; // updates were deferred, and fixed an order (dpor/Deferral.h)
};

enum class Mode { None, Commuting, Both };

Outcome run(const std::shared_ptr<const Program> &prog, Mode mode, std::optional<Premise> mistake,
            bool usedAsUnused) {
  RunOptions o;
  o.checks.stopOnFirst = false;
  o.setReductions(mode == Mode::Both);
  o.interpreter.reductions.commutingUpdates = mode != Mode::None;
  std::vector<Premise> waived;
  if (mistake)
    waived.push_back(*mistake);
  if (usedAsUnused)
    waived.push_back(Premise::CommutingResultUnused);
  if (!waived.empty())
    o.interpreter.reductions.waiver = std::make_shared<test::Waiver>(waived);
  oracle::FinalMemory mem;
  mem.prog = prog.get();
  mem.withBlocked = true;
  RunResult res = verifyProgram(prog, o, [&](unsigned search) -> ExplorationObserver & {
    if (search > 0)
      mem.states.clear(); // (only the last search counts; one worker: one call per search)
    return mem;
  });
  Outcome out{mem.states,
              {},
              res.exploration.complete,
              res.exploration.commutingPruned,
              !res.deferralAbandoned && res.exploration.commutingDeferred > 0};
  for (auto &r : res.reports)
    out.errors.insert(std::string(errorTypeName(r.type)) + " " + r.message);
  return out;
}

struct Tally {
  int differed = 0, shrunk = 0, compared = 0, deferred = 0;
};

/// Compares the searches on `count` generated programs with commuting RMWs; with a planted
/// mistake, until the first program on which they differ.
Tally compare(uint64_t first, int count, bool alike, std::optional<Premise> mistake = std::nullopt,
              bool usedAsUnused = false, bool cuda = false, bool bitwise = false,
              bool deferrable = false) {
  Tally t;
  bool planted = mistake.has_value() || usedAsUnused;
  for (uint64_t seed = first; t.compared < count && !(planted && t.differed); ++seed) {
    if (const char *only = std::getenv("SCOPEMC_COMMUTING_SEED");
        only && seed != std::stoull(only)) {
      if (seed > std::stoull(only))
        break;
      continue;
    }
    Generated gen = deferrable ? generateDeferrable(seed)
                    : cuda     ? generateCuda(seed, bitwise)
                               : generate(seed, alike, bitwise);
    if (gen.commuting < 2)
      continue;
    ++t.compared;
    // (named after the test: tests run in parallel write their programs side by side)
    test::ScratchFile file(std::string("scopemc_commuting_") +
                               ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                               "_" + std::to_string(seed) + (cuda ? ".cu" : ".c"),
                           gen.source);
    RunOptions lo;
    lo.file = file.path();
    lo.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
    std::shared_ptr<const Program> prog = loadProgram(lo);
    Outcome full = run(prog, Mode::None, std::nullopt, false);
    Outcome reduced = run(prog, alike ? Mode::Both : Mode::Commuting, mistake, usedAsUnused);
    if (std::getenv("SCOPEMC_COMMUTING_SHOW"))
      std::printf("seed %llu:\n%s\n", static_cast<unsigned long long>(seed), gen.source.c_str());
    bool same = full.states == reduced.states && full.errors == reduced.errors &&
                reduced.complete <= full.complete;
    t.differed += !same;
    if (!same && std::getenv("SCOPEMC_COMMUTING_SHOW"))
      std::printf("differs: seed %llu\n", static_cast<unsigned long long>(seed));
    t.shrunk += reduced.complete < full.complete;
    t.deferred += reduced.deferred;
    if (!same && std::getenv("SCOPEMC_COMMUTING_SHOW")) {
      for (auto &st : full.states)
        if (!reduced.states.count(st))
          std::printf("lost: %s\n", st.c_str());
      for (auto &st : reduced.states)
        if (!full.states.count(st))
          std::printf("gained: %s\n", st.c_str());
    }
    if (!planted) {
      EXPECT_TRUE(same) << "seed " << seed << ": " << full.complete << " executions, "
                        << full.states.size() << " final states, " << full.errors.size()
                        << " errors without the reduction; " << reduced.complete << ", "
                        << reduced.states.size() << ", " << reduced.errors.size() << " with it\n"
                        << gen.source;
    }
  }
  std::printf("%d programs%s%s%s%s%s: %d explored fewer executions (%d with deferred updates), "
              "%d differed\n",
              t.compared, cuda ? " (CUDA launches)" : "",
              bitwise ? " with bitwise and min/max updates" : "",
              deferrable ? " with counters read at the end" : "", alike ? " of alike threads" : "",
              planted ? " with a planted mistake" : "", t.shrunk, t.deferred, t.differed);
  return t;
}

/// SCOPEMC_COMMUTING_PROGRAMS=N: N programs per family (a longer stress run by hand).
int programs() {
  const char *n = std::getenv("SCOPEMC_COMMUTING_PROGRAMS");
  return n ? std::stoi(n) : test::programsToCompare(400, 50);
}
/// The planted-mistake comparisons run on up to as many programs in every build: the mistakes
/// show on few of them (9 of 400 for CommuteSeenUpdates, the first at seed 167).
constexpr int kMistakePrograms = 400;

TEST(Commuting, GeneratedCountersReachTheSameFinalStatesAndErrors) {
  Tally t = compare(1, programs(), false);
  EXPECT_GT(t.shrunk, programs() / 10); // the programs exercise the reduction
}

TEST(Commuting, WithTheSymmetryReductionTooAlikeThreadsReachTheSameStates) {
  Tally t = compare(5000, programs() / 2, true);
  EXPECT_GT(t.shrunk, programs() / 20);
}

TEST(Commuting, KernelLaunchesReachTheSameFinalStatesAndErrors) {
  Tally t = compare(1, programs() / 4, false, std::nullopt, false, true);
  EXPECT_GT(t.shrunk, programs() / 20);
}

TEST(Commuting, BitwiseUpdatesReachTheSameFinalStatesAndErrors) {
  Tally t = compare(1, programs(), false, std::nullopt, false, false, true);
  EXPECT_GT(t.shrunk, programs() / 10);
}

TEST(Commuting, MinMaxUpdatesOfKernelLaunchesReachTheSameFinalStatesAndErrors) {
  Tally t = compare(1, programs() / 8, false, std::nullopt, false, true, true);
  EXPECT_GT(t.shrunk, programs() / 40);
}

TEST(Commuting, DeferredUpdatesReachTheSameFinalStatesAndErrors) {
  Tally t = compare(1, programs(), false, std::nullopt, false, false, false, true);
  EXPECT_GT(t.deferred, programs() / 4); // the premise holds on many of them
}

TEST(Commuting, TheOracleCatchesDeferredUpdatesUnorderedWithAnotherAccess) {
  EXPECT_GT(compare(1, kMistakePrograms, false, Premise::DeferredUpdatesOrdered, false, false,
                    false, true)
                .differed,
            0);
}

TEST(Commuting, TheOracleCatchesUpdatesOfAnyOperationsTakenToCommute) {
  EXPECT_GT(compare(1, kMistakePrograms, false, Premise::CommutingOperations, false, false, true)
                .differed,
            0);
}

TEST(Commuting, TheOracleCatchesALaunchRunnerTakenToKnowEveryWrite) {
  EXPECT_GT(compare(1, programs() / 4, false, Premise::PersistenceJoinWaits, false, true).differed,
            0);
}

TEST(Commuting, TheOracleCatchesAnUpdateTakenAsUnreadWhileOthersMayReadIt) {
  EXPECT_GT(compare(1, kMistakePrograms, false, Premise::CommutingUnread).differed, 0);
}

TEST(Commuting, TheOracleCatchesUsedResultsTakenAsUnused) {
  EXPECT_GT(compare(1, kMistakePrograms, false, std::nullopt, true).differed, 0);
}

} // namespace
} // namespace scopemc
