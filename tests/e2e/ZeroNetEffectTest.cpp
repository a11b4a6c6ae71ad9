// Zero-net-effect iterations (docs/dpor.md §4) only drop executions that another execution
// stands for: with and without the reduction, every program reaches the same final memory
// states in its complete executions and the same error kinds, and the reduction never adds
// executions.
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "session/Session.h"
#include "tests/e2e/FinalStates.h"
#include "tests/e2e/Manifest.h"
#include "tests/oracle/TestSupport.h"
#include "tests/planted/Planted.h"

namespace scopemc {
namespace {

struct Outcome {
  uint64_t complete = 0;
  std::set<std::string> states, errors;
};

/// Which loop reductions a run makes.
struct Reductions {
  bool zeroNetEffect = true, idleRounds = true, planted = false;
};

Outcome run(const std::string &file, Reductions red, unsigned unroll = 0) {
  RunOptions o;
  o.file = file;
  o.interpreter.unroll = unroll;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.checks.stopOnFirst = false;
  o.interpreter.zeroNetEffect = red.zeroNetEffect;
  o.interpreter.idleRounds = red.idleRounds;
  if (red.planted)
    o.interpreter.reductions.waiver = test::waive({Premise::IdleRoundsEveryPeer});
  auto prog = loadProgram(o);
  test::FinalStates fs(*prog);
  RunResult r = verifyProgram(std::move(prog), o, [&](unsigned search) -> ExplorationObserver & {
    if (search > 0)
      fs.states.clear(); // (only the last search counts; one worker: one call per search)
    return fs;
  });
  Outcome out{r.exploration.complete, fs.states, {}};
  for (auto &rep : r.reports)
    out.errors.insert(std::string(errorTypeName(rep.type)));
  return out;
}

TEST(ZeroNetEffect, SameFinalStatesAndErrorsWithAndWithoutTheReduction) {
  // Programs whose loops have zero-net-effect iterations: cancelled fetch_subs, failed CAS
  // retries, exchanges that write back what they read, retries that write a fresh node.
  const std::string conf = std::string(SCOPEMC_CONFORMANCE_DIR) + "/programs/";
  const std::string e2e = std::string(SCOPEMC_E2E_DIR) + "/programs/";
  std::vector<std::string> files = {
      conf + "rwlock_cancel_2r1w.c",  conf + "treiber_stack_2.c",     conf + "ms_queue_2.c",
      conf + "cas_retry_counter_2.c", conf + "cas_retry_counter_3.c", conf + "spin_cas_lock_2.c",
      conf + "ttas_lock_2.c",         conf + "ticket_lock_2.c",       conf + "seqlock_1w2r.c",
      e2e + "goto_xchg_lock.c",       e2e + "gpumc_ticket_lock.c",    e2e + "rwlock_rdwr_2.c",
      e2e + "treiber_hp.c",           e2e + "counted_await.c"};
  int reduced = 0;
  for (const std::string &f : files) {
    Outcome on = run(f, {}), off = run(f, {.zeroNetEffect = false});
    EXPECT_EQ(on.states, off.states) << f;
    EXPECT_EQ(on.errors, off.errors) << f;
    EXPECT_LE(on.complete, off.complete) << f;
    EXPECT_FALSE(on.states.empty()) << f;
    reduced += on.complete < off.complete;
  }
  EXPECT_GE(reduced, 1); // treiber_hp.c's hazard pointers at least: not vacuous
}

/// A random C program whose threads take and release locks and semaphores written with loops
/// that have zero-net-effect iterations (a CAS retry after a test loop, an exchange that writes
/// back what it read, a fetch_sub undone by a fetch_add, an await), push nodes onto a stack
/// with a retry that writes a fresh node, and access shared data inside and outside them
/// (plain accesses outside a lock race: error kinds are compared too), and retries whose
/// iterations do leave an effect (an RMW that changes a counter, a store of what was read).
std::string zneProgram(std::mt19937_64 &rng) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  std::ostringstream c;
  c << "#include <stdatomic.h>\n#include <stdlib.h>\n#include <pthread.h>\n#include <genmc.h>\n"
       "atomic_int lock, xlock, sem, flag, copy;\nint data;\natomic_int counter;\n"
       "struct node { int v; struct node *next; };\n_Atomic(struct node *) top;\n";
  int threads = 2 + pick(2);
  for (int t = 0; t < threads; ++t) {
    c << "void *t" << t << "(void *arg) {\n  (void)arg;\n";
    int steps = 1 + pick(2);
    for (int k = 0; k < steps; ++k) {
      std::string inside = pick(3) ? "  data = data + 1;\n" : "  atomic_fetch_add(&counter, 1);\n";
      switch (pick(12)) {
      case 0: // TTAS-style CAS lock: a failed CAS retries after the test loop
        c << "  for (;;) {\n    while (atomic_load_explicit(&lock, memory_order_relaxed));\n"
             "    int z = 0;\n    if (atomic_compare_exchange_strong_explicit(&lock, &z, 1, "
             "memory_order_acquire, memory_order_relaxed)) break;\n  }\n"
          << inside << "  atomic_store_explicit(&lock, 0, memory_order_release);\n";
        break;
      case 1: // exchange lock: a failed exchange writes back the 1 it read
        c << "  while (atomic_exchange_explicit(&xlock, 1, memory_order_acquire));\n"
          << inside << "  atomic_store_explicit(&xlock, 0, memory_order_release);\n";
        break;
      case 2: // semaphore of one permit: a failed fetch_sub is undone before retrying
        c << "  while (atomic_fetch_sub_explicit(&sem, 1, memory_order_acquire) <= 0)\n"
             "    atomic_fetch_add_explicit(&sem, 1, memory_order_relaxed);\n"
          << inside << "  atomic_fetch_add_explicit(&sem, 1, memory_order_release);\n";
        break;
      case 3: // push: the retry writes only the fresh node
        c << "  { struct node *n = malloc(sizeof *n);\n    n->v = " << t
          << ";\n"
             "    struct node *old = atomic_load_explicit(&top, memory_order_relaxed);\n"
             "    do n->next = old;\n    while (!atomic_compare_exchange_weak_explicit(&top, &old, "
             "n, "
             "memory_order_release, memory_order_relaxed)); }\n";
        break;
      case 4: // await a flag another thread (or none) sets
        c << "  while (atomic_load_explicit(&flag, memory_order_acquire) != " << 1 + pick(2)
          << ");\n";
        break;
      case 5: // a retry whose RMW does change the counter: every iteration has an effect
        c << "  while (atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed) < "
          << 2 + pick(2) << ");\n";
        break;
      case 6: // a retry that publishes a copy of the flag while the lock is taken
        c << "  do atomic_store_explicit(&copy, atomic_load_explicit(&flag, memory_order_relaxed), "
             "memory_order_relaxed);\n  while (atomic_load_explicit(&lock, "
             "memory_order_acquire));\n";
        break;
      case 8: // rwlock-style: the loop carries the prior value of its last fetch_sub, undone
              // by a fetch_add before waiting for a permit
        c << "  { int prior = atomic_fetch_sub_explicit(&sem, 1, memory_order_acquire);\n"
             "    while (prior <= 0) {\n"
             "      atomic_fetch_add_explicit(&sem, 1, memory_order_relaxed);\n"
             "      while (atomic_load_explicit(&sem, memory_order_relaxed) <= 0);\n"
             "      prior = atomic_fetch_sub_explicit(&sem, 1, memory_order_acquire);\n    } }\n"
          << inside << "  atomic_fetch_add_explicit(&sem, 1, memory_order_release);\n";
        break;
      case 9: // a queue-style retry: the loop carries the head it read again after a failed CAS
        c << "  { int h = atomic_load_explicit(&copy, memory_order_acquire);\n"
             "    while (!atomic_compare_exchange_strong_explicit(&copy, &(int){h}, h + 1, "
             "memory_order_acq_rel, memory_order_relaxed))\n"
             "      h = atomic_load_explicit(&copy, memory_order_acquire); }\n";
        break;
      case 10: // pop under a hazard pointer: a failed iteration only moves the hazard pointer
        c << "  { __VERIFIER_hp_t *hp = __VERIFIER_hp_alloc();\n    for (;;) {\n"
             "      struct node *t = __VERIFIER_hp_protect(hp, &top);\n      if (!t) break;\n"
             "      struct node *nx = t->next;\n"
             "      if (atomic_compare_exchange_strong(&top, &t, nx)) break;\n    }\n"
             "    __VERIFIER_hp_free(hp); }\n";
        break;
      case 11: // a loop carrying a count its read is compared with: no two iterations alike
               // (cutting one loses the executions where a later one succeeds)
        c << "  { int want = 0;\n    while (atomic_load_explicit(&flag, memory_order_acquire) != "
             "want)\n      want = want + 1;\n    atomic_store(&copy, want); }\n";
        break;
      default: // set the flag, or touch the data without a lock
        if (pick(2))
          c << "  atomic_store_explicit(&flag, " << 1 + pick(2) << ", memory_order_release);\n";
        else
          c << (pick(2) ? "  data = 7;\n" : "  atomic_fetch_add(&counter, 2);\n");
      }
    }
    c << "  return 0;\n}\n";
  }
  c << "int main(void) {\n  atomic_store(&sem, 1);\n  pthread_t t[" << threads << "];\n";
  for (int t = 0; t < threads; ++t)
    c << "  pthread_create(&t[" << t << "], 0, t" << t << ", 0);\n";
  c << "  for (int i = 0; i < " << threads
    << "; ++i)\n    pthread_join(t[i], 0);\n  return 0;\n}\n";
  return c.str();
}

/// Compares generated programs with a loop reduction (`on`) and without it (`off`), both with
/// loops bounded at 3 iterations (an execution a reduction cuts has an equivalent one with
/// fewer iterations, inside the same bound): the same final states and errors, never more
/// executions. Programs with no complete execution without the reduction (every execution
/// waits for a flag no thread sets) are skipped. Returns how many programs the reduction
/// made smaller.
int compareGenerated(std::string (*generate)(std::mt19937_64 &), const std::string &name,
                     Reductions on, Reductions off, int programs) {
  int reduced = 0, compared = 0;
  for (uint64_t seed = 1; compared < programs && !::testing::Test::HasFailure(); ++seed) {
    std::mt19937_64 rng(seed);
    std::string text = generate(rng);
    test::ScratchFile file("scopemc_" + name + "_" + std::to_string(seed) + ".c", text);
    Outcome with = run(file.path(), on, 3), without = run(file.path(), off, 3);
    if (without.complete == 0)
      continue;
    ++compared;
    EXPECT_EQ(with.states, without.states) << "seed " << seed << "\n" << text;
    EXPECT_EQ(with.errors, without.errors) << "seed " << seed << "\n" << text;
    EXPECT_LE(with.complete, without.complete) << "seed " << seed;
    reduced += with.complete < without.complete;
  }
  EXPECT_EQ(compared, programs);
  return reduced;
}

TEST(ZeroNetEffect, GeneratedLoopProgramsReachTheSameStatesAndErrors) {
  // The differential oracle of docs/dpor.md §7 on generated programs with such loops (without
  // the reduction the retry loops would otherwise go round for ever: hence the bound).
  int reduced = compareGenerated(zneProgram, "zne", {}, {.zeroNetEffect = false}, 60);
  EXPECT_GE(reduced, 1); // the loops do have iterations the reduction cuts
}

/// A random C program whose threads form groups that meet at a barrier each, in the shapes of
/// GPU block-level spinning (HeteroSync's mutexes and barriers): the group's master polls a
/// lock or flag while the others wait for it at the barrier, in the same loop, and the
/// group's verdict travels through a plain shared variable. Some loops make progress in every
/// iteration (a count compared with, a counter bumped), some masters store a flag the other
/// group waits for, some give up after a few tries, and some groups touch shared data outside
// the lock (races are compared).
std::string idleRoundProgram(std::mt19937_64 &rng) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  int groups = 1 + pick(2), size = 2 + pick(2);
  std::ostringstream c;
  c << "#include <stdatomic.h>\n#include <pthread.h>\n"
       "atomic_int lock, flag, counter;\nint data, done["
    << groups << "], seen[" << groups << "];\npthread_barrier_t bar[" << groups << "];\n";
  c << "void *body(void *arg) {\n  int id = (int)(long)arg, g = id / " << size << ", master = id % "
    << size << " == 0;\n";
  int steps = 1 + pick(2);
  for (int k = 0; k < steps; ++k) {
    std::string wait = "pthread_barrier_wait(&bar[g]);\n";
    switch (pick(6)) {
    case 0: // a CAS lock taken by the master for its group, data bumped inside it
    case 1:
      c << "  if (master) done[g] = 0;\n  " << wait << "  while (!done[g]) {\n    " << wait
        << "    if (master && atomic_compare_exchange_strong_explicit(&lock, &(int){0}, 1, "
           "memory_order_acquire, memory_order_relaxed)) done[g] = 1;\n    "
        << wait << "  }\n  if (master) data = data + 1;\n  " << wait
        << "  if (master) atomic_store_explicit(&lock, 0, memory_order_release);\n  " << wait;
      break;
    case 2: // wait for a flag the master polls, its verdict read by all after the barrier
      c << "  if (master) seen[g] = 0;\n  " << wait << "  for (;;) {\n    if (master && "
        << "atomic_load_explicit(&flag, memory_order_acquire) >= " << 1 + pick(2)
        << ") seen[g] = 1;\n    " << wait << "    int s = seen[g];\n    " << wait
        << "    if (s) break;\n  }\n";
      break;
    case 3: // every iteration bumps a counter: no iteration is idle
      c << "  for (;;) {\n    if (master) seen[g] = atomic_fetch_add_explicit(&counter, 1, "
           "memory_order_relaxed);\n    "
        << wait << "    int s = seen[g];\n    " << wait << "    if (s >= " << 1 + pick(2)
        << ") break;\n  }\n";
      break;
    case 4: // a bounded retry: the tries differ, so no iteration is idle, and giving up counts
      c << "  if (master) seen[g] = 0;\n  " << wait
        << "  { int tries = 0;\n  for (; tries < 2; ++tries) {\n    if (master && "
           "atomic_load_explicit(&flag, memory_order_acquire)) seen[g] = 1;\n    "
        << wait << "    int s = seen[g];\n    " << wait
        << "    if (s) break;\n  }\n  if (master && tries == 2) atomic_fetch_add(&counter, 1); }\n";
      break;
    default: // the master sets the flag, or someone touches the data unlocked
      if (pick(3))
        c << "  if (master) atomic_store_explicit(&flag, " << 1 + pick(2)
          << ", memory_order_release);\n";
      else
        c << "  if (id == " << pick(groups * size) << ") data = 5;\n";
    }
  }
  c << "  return 0;\n}\nint main(void) {\n  pthread_t t[" << groups * size << "];\n";
  // (no loops in main: the loop bound is for the groups' loops)
  for (int g = 0; g < groups; ++g)
    c << "  pthread_barrier_init(&bar[" << g << "], 0, " << size << ");\n";
  for (int i = 0; i < groups * size; ++i)
    c << "  pthread_create(&t[" << i << "], 0, body, (void *)" << i << "L);\n";
  for (int i = 0; i < groups * size; ++i)
    c << "  pthread_join(t[" << i << "], 0);\n";
  c << "  return 0;\n}\n";
  return c.str();
}

TEST(IdleRounds, GeneratedBarrierSpinProgramsReachTheSameStatesAndErrors) {
  // The differential oracle of docs/dpor.md §7 for idle rounds: an execution with an idle round
  // has one without it, one iteration shorter.
  const int programs = test::programsToCompare(60, 12);
  int reduced = compareGenerated(idleRoundProgram, "idle", {}, {.idleRounds = false}, programs);
  EXPECT_GE(reduced, programs / 4); // the groups do go round idle
}

TEST(IdleRounds, TheOracleCatchesBlockingOnAThreadsOwnIdleIteration) {
  // The planted mistake: a thread blocks as soon as its own iteration was idle, though a peer's
  // was not (the master that took the lock in the same round). Some program must lose states.
  int caught = 0;
  for (uint64_t seed = 1; seed <= 40 && caught == 0; ++seed) {
    std::mt19937_64 rng(seed);
    std::string text = idleRoundProgram(rng);
    test::ScratchFile file("scopemc_idle_planted_" + std::to_string(seed) + ".c", text);
    Outcome bad = run(file.path(), {.planted = true}, 3),
            off = run(file.path(), {.idleRounds = false}, 3);
    caught += bad.states != off.states || bad.errors != off.errors;
  }
  EXPECT_GT(caught, 0);
}

} // namespace
} // namespace scopemc
