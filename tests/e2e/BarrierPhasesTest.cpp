// pthread barriers form their phases from the threads' k-th calls, which is exact while no
// phase gets more waiters than the count (docs/model.md §5). The differential oracle
// (docs/dpor.md §7): every generated program, run with phases by calls (the default: the search
// starts over by arrival order when a phase overflows) and with phases by arrival order from
// the start, reaches the same final memory states and the same errors. With the premise check
// planted out, programs whose phases overflow must tell the two apart.
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "session/Session.h"
#include "tests/e2e/FinalStates.h"
#include "tests/oracle/TestSupport.h"
#include "tests/planted/Planted.h"

namespace scopemc {
namespace {

struct Outcome {
  std::set<std::string> states, errors;
  bool restarted = false;
};

Outcome run(const std::string &file, bool byArrival, bool planted) {
  RunOptions o;
  o.file = file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.checks.stopOnFirst = false;
  o.interpreter.barrierArrivalOrder = byArrival;
  if (planted)
    o.interpreter.reductions.waiver = test::waive({Premise::BarrierPhasesFit});
  auto prog = loadProgram(o);
  test::FinalStates fs(*prog, "bar"); // (the arrival counter: by arrival order only)
  RunResult r = verifyProgram(std::move(prog), o, [&](unsigned search) -> ExplorationObserver & {
    if (search > 0)
      fs.states.clear(); // (only the last search counts; one worker: one call per search)
    return fs;
  });
  Outcome out{fs.states, {}, r.barrierPhasesByArrival};
  for (auto &rep : r.reports) {
    std::set<unsigned> lines;
    for (auto &e : rep.events)
      lines.insert(e.source ? e.source->line : 0);
    std::string key(errorTypeName(rep.type));
    for (unsigned l : lines)
      key += "@" + std::to_string(l);
    out.errors.insert(key);
  }
  return out;
}

/// 2 or 3 threads wait once or twice at a barrier whose count is the number of threads, or
/// less (phases overflow); around the waits they write their slot and read a neighbour's
/// (races when the neighbour is in another phase), count serial threads, and main asserts
/// on what it sees after the joins.
std::string barrierProgram(std::mt19937_64 &rng, bool &overflows) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  int threads = 2 + pick(2), calls = 1 + pick(2);
  int count = pick(3) == 0 ? 1 + pick(threads - 1) : threads;
  overflows = count < threads;
  bool serial = pick(2) != 0, neighbour = pick(3) != 0;
  std::ostringstream c;
  c << "#include <pthread.h>\n#include <stdatomic.h>\n#include <stdint.h>\n#include <assert.h>\n"
       "pthread_barrier_t bar;\nint slot[4];\natomic_int serials, seen;\n"
       "void *t(void *arg) {\n  int id = (int)(intptr_t)arg;\n";
  for (int k = 0; k < calls; ++k) {
    c << "  slot[id] = " << k + 1 << ";\n  int r" << k << " = pthread_barrier_wait(&bar);\n";
    if (serial)
      c << "  if (r" << k << " == PTHREAD_BARRIER_SERIAL_THREAD) atomic_fetch_add(&serials, 1);\n";
    if (neighbour)
      c << "  if (slot[(id + 1) % " << threads << "] == " << k + 1
        << ") atomic_fetch_add(&seen, 1);\n";
  }
  c << "  return 0;\n}\nint main(void) {\n  pthread_t th[" << threads << "];\n"
    << "  pthread_barrier_init(&bar, 0, " << count << ");\n"
    << "  for (int i = 0; i < " << threads
    << "; i++) pthread_create(&th[i], 0, t, (void *)(intptr_t)i);\n"
    << "  for (int i = 0; i < " << threads << "; i++) pthread_join(th[i], 0);\n";
  if (serial)
    c << "  assert(atomic_load(&serials) == " << threads * calls / count << ");\n";
  if (neighbour && pick(2))
    c << "  assert(atomic_load(&seen) == " << threads * calls << ");\n";
  c << "  return 0;\n}\n";
  return c.str();
}

TEST(BarrierPhases, CallsAndArrivalOrderAgree) {
  std::mt19937_64 rng(20261129);
  int programs = test::programsToCompare(60, 6), overflowing = 0, caught = 0;
  for (int i = 0; i < programs; ++i) {
    bool overflows = false;
    std::string text = barrierProgram(rng, overflows);
    test::ScratchFile f("barrier_phases_" + std::to_string(i) + ".c", text);
    Outcome calls = run(f.path(), false, false), arrival = run(f.path(), true, false);
    EXPECT_EQ(calls.states, arrival.states) << text;
    EXPECT_EQ(calls.errors, arrival.errors) << text;
    EXPECT_EQ(calls.restarted, overflows) << text; // the premise fails exactly on overflow
    if (!overflows)
      continue;
    ++overflowing;
    Outcome planted = run(f.path(), false, true);
    caught += planted.states != arrival.states || planted.errors != arrival.errors;
  }
  EXPECT_GE(overflowing, programs / 6); // not vacuous
  EXPECT_GE(caught, overflowing / 2);   // the planted mistake shows on most of them
}

} // namespace
} // namespace scopemc
