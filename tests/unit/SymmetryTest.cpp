// Differential oracle of the symmetry reduction (docs/symmetry.md, docs/dpor.md §7): on generated
// programs, the search with the reduction must reach the same final states (each thread's
// values read, each location's last value; interchangeable threads in any order) and the same
// errors as the search without it, in no more executions. Two planted mistakes (a class given
// to threads that are not alike; the static analysis ignoring branches on the thread's id)
// must be caught by the same comparison.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>

#include <gtest/gtest.h>

#include "dpor/Explorer.h"
#include "session/Session.h"
#include "tests/oracle/AbstractProgram.h"
#include "tests/oracle/FinalMemory.h"
#include "tests/oracle/TestSupport.h"
#include "tests/planted/Planted.h"

namespace scopemc::oracle {
namespace {

// --- the exploration's half: scripted programs whose copies of a script form a class -------

/// An execution's reads' sources and co orders, each event an (old thread, index) pair.
struct Shape {
  std::vector<std::vector<Event>> sources; // per thread, its reads' sources in po
  std::vector<std::vector<Event>> co;      // per location (by address), its writes in co
};

Shape shapeOf(const ExecutionGraph &g) {
  Shape sh;
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    sh.sources.emplace_back();
    for (int32_t i = 0; i < g.threadSize(t); ++i)
      if (auto *r = dyn_cast<ReadLabel>(g.label(Event{t, i})))
        sh.sources.back().push_back(r->rf());
  }
  for (auto &[addr, li] : g.locations())
    sh.co.emplace_back(li.co.begin(), li.co.end());
  return sh;
}

/// The shape written with the threads renamed by `name` (old id -> new id) and listed in the
/// new order.
std::vector<int64_t> written(const Shape &sh, const std::vector<ThreadId> &name,
                             const std::vector<ThreadId> &byName) {
  auto code = [&](Event e) -> int64_t {
    return e.isInit() ? -1 : int64_t{name[static_cast<size_t>(e.thread)]} * 100000 + e.index;
  };
  std::vector<int64_t> out;
  for (ThreadId t : byName) {
    out.push_back(-2);
    for (Event e : sh.sources[static_cast<size_t>(t)])
      out.push_back(code(e));
  }
  for (auto &writes : sh.co) {
    out.push_back(-3);
    for (Event w : writes)
      out.push_back(code(w));
  }
  return out;
}

/// The least writing of an execution over the renamings of interchangeable threads: equal for
/// two executions exactly when one is a renaming of the other (docs/symmetry.md, step 1).
std::vector<int64_t> orbitOf(const ExecutionGraph &g, const AbstractProgram &prog) {
  std::map<int, std::vector<ThreadId>> classes;
  std::vector<ThreadId> name(static_cast<size_t>(g.numThreads()));
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    name[static_cast<size_t>(t)] = t;
    if (t == 0)
      continue;
    auto *c = cast<ThreadCreateLabel>(g.label(g.creatorOf(t)));
    int cls = prog.threads[static_cast<size_t>(c->entry().function)].symmetry;
    if (cls >= 0)
      classes[cls].push_back(t);
  }
  Shape sh = shapeOf(g);
  std::vector<ThreadId> byName = name;
  std::vector<int64_t> best = written(sh, name, byName);
  std::vector<std::vector<ThreadId>> perms;
  for (auto &[cls, members] : classes)
    perms.push_back(members);
  while (true) { // every combination of one permutation per class (an odometer)
    size_t k = 0;
    while (k < perms.size() && !std::next_permutation(perms[k].begin(), perms[k].end()))
      ++k;
    if (k == perms.size())
      return best;
    size_t c = 0;
    for (auto &[cls, members] : classes) {
      for (size_t i = 0; i < members.size(); ++i)
        name[static_cast<size_t>(members[i])] = perms[c][i];
      ++c;
    }
    for (size_t t = 0; t < name.size(); ++t)
      byName[static_cast<size_t>(name[t])] = static_cast<ThreadId>(t);
    best = std::min(best, written(sh, name, byName));
  }
}

/// The final states of complete executions of a scripted program, interchangeable threads'
/// outcomes sorted within their class.
struct ScriptedStates final : ExplorationObserver {
  const AbstractProgram *prog = nullptr;
  std::set<std::string> states;
  std::set<std::vector<int64_t>> orbits; // of the complete executions (orbitOf)
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &ends) override {
    for (auto &e : ends)
      if (e.kind != ThreadEndState::Kind::Finished)
        return true;
    std::map<int, std::vector<std::string>> byClass;
    for (ThreadId t = 1; t < g.numThreads(); ++t) {
      auto *c = cast<ThreadCreateLabel>(g.label(g.creatorOf(t)));
      int script = static_cast<int>(c->entry().function);
      int cls = prog->threads[static_cast<size_t>(script)].symmetry;
      std::string out;
      for (int32_t i = 0; i < g.threadSize(t); ++i)
        if (auto *r = dyn_cast<ReadLabel>(g.label(Event{t, i})))
          out +=
              std::to_string(r->rf().isInit() ? 0 : cast<WriteLabel>(g.label(r->rf()))->value()) +
              ",";
      byClass[cls >= 0 ? cls : 1000 + script].push_back(out);
    }
    std::string state = "main:";
    for (int32_t i = 0; i < g.threadSize(0); ++i) // the joining main's loads (addJoiningMain)
      if (auto *r = dyn_cast<ReadLabel>(g.label(Event{0, i})))
        state +=
            std::to_string(r->rf().isInit() ? 0 : cast<WriteLabel>(g.label(r->rf()))->value()) +
            ",";
    for (auto &[cls, outs] : byClass) {
      std::sort(outs.begin(), outs.end());
      state += std::to_string(cls) + ":";
      for (auto &o : outs)
        state += "[" + o + "]";
    }
    for (auto &[addr, li] : g.locations())
      state += " " + std::to_string(addr) + "=" +
               std::to_string(li.co.empty() ? 0 : cast<WriteLabel>(g.label(li.co.back()))->value());
    states.insert(state);
    orbits.insert(orbitOf(g, *prog));
    return true;
  }
};

/// A generated program with copies of some of its threads (same script, same position).
/// `mistake`: the class also takes in a thread that is not a copy.
AbstractProgram withCopies(uint64_t seed, const GeneratorOptions &go, bool mistake) {
  std::mt19937_64 rng(seed);
  AbstractProgram p = generate(rng, go);
  size_t original = p.threads.size(), most = go.ttasLocks ? 3 : 4;
  int classes = 1 + static_cast<int>(rng() % 2);
  for (int c = 0; c < classes && p.threads.size() < most; ++c) {
    size_t from = rng() % original;
    p.threads[from].symmetry = static_cast<int>(from);
    AbstractThread copy = p.threads[from];
    p.threads.push_back(copy);
    if (p.threads.size() < most && rng() % 3 == 0)
      p.threads.push_back(copy);
  }
  // Half of the programs create a thread of no class after the copies: it runs after them, so
  // its writes may still come to the classes' reads once they have taken an order.
  if (rng() % 2 == 0)
    for (size_t t = 0; t < original; ++t)
      if (p.threads[t].symmetry < 0) {
        AbstractThread last = p.threads[t];
        p.threads.erase(p.threads.begin() + static_cast<long>(t));
        p.threads.push_back(last);
        --original;
        break;
      }
  if (mistake) // one more member of a class: a thread running another script
    for (size_t t = 0; t < original; ++t)
      if (p.threads[t].symmetry < 0) {
        for (size_t u = 0; u < original; ++u)
          if (p.threads[u].symmetry >= 0) {
            p.threads[t].symmetry = p.threads[u].symmetry;
            p.threads[t].pos = p.threads[u].pos;
            break;
          }
        break;
      }
  return p;
}

struct Outcome {
  std::set<std::string> states;
  std::set<std::vector<int64_t>> orbits;
  uint64_t complete = 0, pruned = 0;
};

Outcome exploreScripted(const AbstractProgram &p, bool symmetry,
                        std::optional<Premise> mistake = std::nullopt,
                        size_t pairwiseUpTo = ExplorationOptions{}.symmetryPairwiseUpTo) {
  Reductions reductions;
  reductions.symmetry = symmetry;
  if (mistake)
    reductions.waiver = test::waive({*mistake});
  ScriptedRunner runner(p, reductions);
  ScriptedStates obs;
  obs.prog = &p;
  ExplorationOptions o;
  o.symmetryPairwiseUpTo = pairwiseUpTo;
  Explorer ex(runner, obs, o);
  ExplorationResult r = ex.run();
  return Outcome{obs.states, obs.orbits, r.complete, r.symmetryPruned};
}

GeneratorOptions shapeFor(uint64_t seed) {
  GeneratorOptions go;
  go.maxThreads = 3;
  go.maxOps = 3;
  go.scoped = seed % 2 == 0;
  switch (seed % 5) {
  case 1:
    go.awaits = true;
    break;
  case 2:
    go.awaits = go.casAwaits = true;
    go.awaitPercent = 40;
    break;
  case 3:
    go.ttasLocks = true;
    go.maxThreads = 2;
    break;
  default:
    break;
  }
  return go;
}

/// A main thread that, after creating the threads, joins them in a random order with loads
/// and stores of its own in between: its writes may revisit the reads of threads it has not
/// joined yet, not of those it has. The members of a class are joined one after the other
/// (the reduction's premise, SymmetryPruner::joinsAlike).
void addJoiningMain(AbstractProgram &p, uint64_t seed) {
  std::mt19937_64 rng(seed * 7919 + 13);
  std::map<int, std::vector<int>> groups; // by class; a thread of none alone
  for (size_t t = 0; t < p.threads.size(); ++t)
    groups[p.threads[t].symmetry >= 0 ? p.threads[t].symmetry : 1000 + static_cast<int>(t)]
        .push_back(static_cast<int>(t));
  std::vector<std::vector<int>> order;
  for (auto &[cls, members] : groups)
    order.push_back(members);
  std::shuffle(order.begin(), order.end(), rng);
  uint64_t value = 50;
  for (const std::vector<int> &members : order) {
    if (rng() % 3 != 0) {
      MainStep m;
      m.op.kind = rng() % 3 == 0 ? Op::Kind::Load : Op::Kind::Store;
      m.op.loc = static_cast<int>(rng() % static_cast<uint64_t>(p.numLocs));
      m.op.order = rng() % 2 ? MemOrder::Relaxed : MemOrder::Release;
      m.op.value = ++value;
      p.mainTail.push_back(m);
    }
    for (int t : members)
      p.mainTail.push_back(MainStep{t, {}});
  }
}

/// Mistakes planted in the comparison: a class with a thread that is not a copy, or one in
/// the pruning (a waived premise of the persistence, runner/Premises.h).
struct Plant {
  bool foreignMember = false;
  std::optional<Premise> pruning = std::nullopt;
};

/// Compares the two searches on `count` programs; returns how many differed (failing the test
/// unless a mistake is planted: then it stops at the first program that differs) and adds how
/// many the reduction shrank to `shrunk`.
/// `joiningMain`: the main thread joins the threads with accesses in between (addJoiningMain).
int compareScripted(uint64_t first, int count, Plant plant, int &shrunk, bool joiningMain = false) {
  int differed = 0;
  bool mistake = plant.foreignMember || plant.pruning.has_value();
  int compared = 0;
  for (uint64_t seed = first; compared < count && !(mistake && differed); ++seed, ++compared) {
    AbstractProgram p = withCopies(seed, shapeFor(seed), plant.foreignMember);
    if (joiningMain)
      addJoiningMain(p, seed);
    Outcome full = exploreScripted(p, false), reduced = exploreScripted(p, true, plant.pruning);
    // Every class of complete executions (renamings of one another) keeps a member.
    bool same = full.states == reduced.states && full.orbits == reduced.orbits &&
                reduced.complete <= full.complete;
    if (!same)
      ++differed;
    if (!mistake) {
      EXPECT_TRUE(same) << "seed " << seed << ": " << full.complete << " executions, "
                        << full.states.size() << " states, " << full.orbits.size()
                        << " classes without the reduction; " << reduced.complete << ", "
                        << reduced.states.size() << ", " << reduced.orbits.size() << " with it\n"
                        << p.describe();
    }
    shrunk += reduced.complete < full.complete;
  }
  std::printf("%d scripted programs%s: %d explored fewer executions, %d differed\n", compared,
              mistake ? " with the planted mistake" : "", shrunk, differed);
  return differed;
}

// The violations of a class are searched pair by pair in small classes and through a trie of
// the histories in large ones (ExplorationOptions::symmetryPairwiseUpTo): the two must drop the
// same branches, so the searches are the same, execution for execution. Here every class goes
// through the trie and is compared with the pairs; the classes have up to 5 members.
TEST(Symmetry, TheTrieOfHistoriesFindsWhatThePairsFind) {
  int count = test::programsToCompare(400, 50), pruned = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(count); ++seed) {
    GeneratorOptions go = shapeFor(seed);
    if (seed % 2 == 0) // (copied below: shorter scripts)
      go.maxOps = 2, go.ttasLocks = false;
    AbstractProgram p = withCopies(seed, go, false);
    if (seed % 2 == 0) { // more members: copies of the first thread's class, or of thread 0
      int cls = -1;
      for (const AbstractThread &t : p.threads)
        cls = cls < 0 ? t.symmetry : cls;
      size_t from = 0;
      for (size_t t = 0; t < p.threads.size(); ++t)
        from = p.threads[t].symmetry == cls && cls >= 0 ? t : from;
      p.threads[from].symmetry = static_cast<int>(from);
      while (p.threads.size() < 5)
        p.threads.push_back(p.threads[from]);
    }
    Outcome pairs = exploreScripted(p, true, std::nullopt, 1000);
    Outcome trie = exploreScripted(p, true, std::nullopt, 0);
    EXPECT_EQ(trie.complete, pairs.complete) << "seed " << seed << "\n" << p.describe();
    EXPECT_EQ(trie.pruned, pairs.pruned) << "seed " << seed << "\n" << p.describe();
    EXPECT_EQ(trie.states, pairs.states) << "seed " << seed;
    pruned += pairs.pruned > 0;
  }
  std::printf("%d scripted programs: %d dropped branches\n", count, pruned);
  EXPECT_GT(pruned, count / 10) << "the comparison must see violations";
}

TEST(Symmetry, ScriptedCopiesReachTheSameStatesInFewerExecutions) {
  int shrunk = 0, count = test::programsToCompare(800, 100);
  compareScripted(1, count, {}, shrunk);
  // The programs exercise the reduction: many of them explore fewer executions.
  EXPECT_GT(shrunk, count * 3 / 20);
}

/// Programs for the joining-main comparisons.
int joiningMainPrograms() { return test::programsToCompare(300, 100); }

TEST(Symmetry, ScriptedCopiesJoinedByAWritingMainReachTheSameStates) {
  // What a thread that waits to join another knows (SymmetryPruner::knows) pins reads.
  int shrunk = 0;
  int count = test::programsToCompare(joiningMainPrograms(), 50);
  compareScripted(1, count, {}, shrunk, true);
  EXPECT_GT(shrunk, count / 6);
}

TEST(Symmetry, TheOracleCatchesAWaitingThreadTakenToKnowEveryWrite) {
  int shrunk = 0;
  EXPECT_GT(compareScripted(1, joiningMainPrograms(), {false, Premise::PersistenceJoinWaits},
                            shrunk, true),
            0);
}

TEST(Symmetry, TheOracleCatchesAClassOfThreadsThatAreNotAlike) {
  int shrunk = 0;
  EXPECT_GT(compareScripted(1, 800, {true, std::nullopt}, shrunk), 0);
}

TEST(Symmetry, TheOracleCatchesPruningAtViolationsThatMayNotPersist) {
  // Dropping a branch at the first violation, as a scheme without the persistence condition
  // would: some executions that are the only ones of their class are lost.
  int shrunk = 0;
  EXPECT_GT(compareScripted(1, 800, {false, Premise::PersistenceRevisits}, shrunk), 0);
}

TEST(Symmetry, TheOracleCatchesAThreadTakenNotToMakeItsNextAccess) {
  // What a thread may still write (Persistence::mayStillWrite; the scripts number their
  // points, ScriptedRunner::pointOf) must count the write of the event it offers next.
  int shrunk = 0;
  EXPECT_GT(compareScripted(1, 800, {false, Premise::PersistenceNextAccess}, shrunk), 0);
}

TEST(Symmetry, TheOracleCatchesWritesTakenForReads) {
  // Only a thread that may still write a location can revisit its reads (the scripts mark
  // which ops write, ScriptedRunner::sitesOf): taking every site to only read loses
  // executions.
  int shrunk = 0;
  EXPECT_GT(compareScripted(1, 800, {false, Premise::PersistenceSiteWrites}, shrunk), 0);
}

// --- the interpreter's half: C programs whose threads may or may not depend on their id ----

struct Generated {
  std::string source;
  bool branchesOnId = false;
};

/// A GPUMC-style program: N threads of one function, each given its id, doing a few atomic
/// operations, in some programs depending on the id (a branch, an id-indexed buffer, an
/// id-derived value or address), in blocks of `block` threads with some block-scoped
/// operations. Main joins them and the final memory is the state compared.
Generated generateC(uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  int threads = 2 + pick(2), block = 1 + pick(threads), locs = 1 + pick(2);
  const char *orders[] = {"memory_order_relaxed", "memory_order_acquire", "memory_order_release",
                          "memory_order_seq_cst"};
  auto op = [&](std::string &out, int k) {
    std::string v = "v" + std::to_string(pick(locs));
    switch (pick(5)) {
    case 0:
      out += "  r += atomic_load_explicit(&" + v + ", " + orders[pick(2) ? 0 : 1] + ");\n";
      break;
    case 1:
      out += "  atomic_store_explicit(&" + v + ", " + std::to_string(k + 1) + ", " +
             orders[pick(2) ? 0 : 2] + ");\n";
      break;
    case 2:
      out += "  r += atomic_fetch_add_explicit(&" + v + ", 1, " + orders[pick(4)] + ");\n";
      break;
    case 3:
      out += "  { int e = r; r += atomic_compare_exchange_strong(&" + v + ", &e, " +
             std::to_string(k + 2) + "); }\n";
      break;
    default:
      out += "  r += atomic_exchange_explicit(&" + v + ", " + std::to_string(k + 3) + ", " +
             orders[pick(4)] + ");\n";
      break;
    }
  };
  Generated g;
  std::string body;
  int dependence = pick(6); // 0, 1: none; 2: branch; 3: indexed buffer; 4: value; 5: address
  bool scoped = pick(2);
  body += "  int id = (int)(intptr_t)arg;\n  int r = 0;\n";
  body += "  __VERIFIER_thread_group_id(id / " + std::to_string(block) +
          ");\n  __VERIFIER_thread_local_id(id % " + std::to_string(block) + ");\n";
  if (scoped)
    body += "  __VERIFIER_memory_scope_work_group();\n";
  int ops = 1 + pick(3);
  for (int k = 0; k < ops; ++k) {
    if (dependence == 2 && k == ops - 1) {
      std::string a, b;
      op(a, k);
      op(b, k + 5);
      body += "  if (id == " + std::to_string(pick(threads)) + ") {\n" + a + "  } else {\n" + b +
              "  }\n";
      g.branchesOnId = true;
    } else {
      op(body, k);
    }
  }
  if (dependence == 3)
    body += "  out[id] = r;\n";
  else if (dependence == 4)
    body += "  atomic_store_explicit(&v0, id + r, memory_order_relaxed);\n";
  else if (dependence == 5)
    body += "  atomic_store_explicit(&w[id % 2], r, memory_order_relaxed);\n";
  else
    body += "  atomic_fetch_add_explicit(&sum, r, memory_order_relaxed);\n";
  std::string n = std::to_string(threads);
  g.source =
      "#include <pthread.h>\n#include <stdatomic.h>\n#include <stdint.h>\n"
      "#include <genmc.h>\n"
      "atomic_int v0, v1, sum, w[2];\nint out[" +
      n + "];\nvoid *worker(void *arg) {\n" + body +
      "  return NULL;\n}\nint main(void) {\n  pthread_t t[" + n + "];\n  for (int i = 0; i < " + n +
      "; i++)\n    pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);\n" +
      "  for (int i = 0; i < " + n + "; i++)\n    pthread_join(t[i], NULL);\n  return 0;\n}\n";
  return g;
}

/// Copies of a thread that branch on a value they read, with different locations on each
/// side, before and after other accesses: what a thread may still access then depends on
/// which of its reads stay (Persistence::mayStillWrite). Main may read or write after its
/// joins.
Generated generateBranchingC(uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  const char *orders[] = {"memory_order_relaxed", "memory_order_acquire", "memory_order_release"};
  auto op = [&](std::string &out, int loc, int k) {
    std::string v = "v" + std::to_string(loc);
    switch (pick(4)) {
    case 0:
      out += "  r += atomic_load_explicit(&" + v + ", " + orders[pick(2)] + ");\n";
      break;
    case 1:
      out += "  atomic_store_explicit(&" + v + ", " + std::to_string(k % 3) + ", " +
             orders[pick(2) ? 0 : 2] + ");\n";
      break;
    case 2:
      out += "  r += atomic_fetch_add_explicit(&" + v + ", 1, memory_order_relaxed);\n";
      break;
    default:
      out += "  r += atomic_exchange_explicit(&" + v + ", " + std::to_string(k % 3) + ", " +
             orders[pick(3)] + ");\n";
      break;
    }
  };
  // A thread function: some accesses, a branch on a value read with other locations on
  // each side, some more accesses.
  auto function = [&](const std::string &name) {
    std::string body = "void *" + name + "(void *arg) {\n  int r = 0;\n";
    for (int k = pick(2); k > 0; --k)
      op(body, pick(3), pick(3));
    int on = pick(3), yes = pick(3), no = (yes + 1 + pick(2)) % 3;
    body += "  int c = atomic_load_explicit(&v" + std::to_string(on) + ", " + orders[pick(2)] +
            ");\n  if (c == " + std::to_string(pick(2)) + ") {\n";
    for (int k = 1 + (pick(3) == 0); k > 0; --k)
      op(body, yes, pick(3));
    body += "  } else {\n";
    for (int k = 1 + (pick(3) == 0); k > 0; --k)
      op(body, no, pick(3));
    body += "  }\n";
    for (int k = pick(2); k > 0; --k)
      op(body, pick(3), pick(3));
    return body +
           "  atomic_fetch_add_explicit(&sum, r, memory_order_relaxed);\n  return NULL;\n}\n";
  };
  bool helper = pick(2), helperFirst = pick(2);
  int copies = helper ? 2 : 2 + pick(2);
  std::string create = "  for (int i = 0; i < " + std::to_string(copies) +
                       "; i++)\n    pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);\n",
              createHelper = helper ? "  pthread_create(&h, NULL, helper, NULL);\n" : "";
  std::string tail;
  if (pick(2))
    op(tail, pick(3), 2);
  Generated g;
  g.source = "#include <pthread.h>\n#include <stdatomic.h>\n#include <stdint.h>\n"
             "atomic_int v0, v1, v2, sum;\n" +
             function("worker") + (helper ? function("helper") : "") +
             "int main(void) {\n  pthread_t t[4], h;\n  int r = 0;\n" +
             (helperFirst ? createHelper + create : create + createHelper) +
             "  for (int i = 0; i < " + std::to_string(copies) +
             "; i++)\n    pthread_join(t[i], NULL);\n" +
             (helper ? "  pthread_join(h, NULL);\n" : "") + tail +
             "  atomic_fetch_add_explicit(&sum, r, memory_order_relaxed);\n  return 0;\n}\n";
  return g;
}

struct CompiledOutcome {
  std::set<std::string> states, errors;
  uint64_t complete = 0;
  bool symmetric = false; // some threads were interchangeable
};

/// Mistakes planted in the compiled comparison: the interpreter's analysis (branches on the
/// id ignored), or the exploration's (a waived premise of the persistence).
struct CompiledPlant {
  bool ignoreIdBranches = false;
  std::optional<Premise> exploration = std::nullopt;
  bool any() const { return ignoreIdBranches || exploration.has_value(); }
};

CompiledOutcome runCompiled(const std::shared_ptr<const Program> &prog, bool symmetry,
                            CompiledPlant plant) {
  RunOptions o;
  o.checks.stopOnFirst = false;
  o.setReductions(symmetry);
  std::vector<Premise> waived;
  if (plant.ignoreIdBranches)
    waived.push_back(Premise::SymmetryIdBranches);
  if (plant.exploration)
    waived.push_back(*plant.exploration);
  if (!waived.empty())
    o.interpreter.reductions.waiver = std::make_shared<test::Waiver>(waived);
  FinalMemory mem;
  mem.prog = prog.get();
  mem.withReads = true;
  RunResult res = verifyProgram(prog, o, [&](unsigned search) -> ExplorationObserver & {
    if (search > 0)
      mem.states.clear(); // (only the last search counts; one worker: one call per search)
    return mem;
  });
  CompiledOutcome out{mem.states, {}, res.exploration.complete, res.exploration.symmetric};
  for (auto &r : res.reports)
    out.errors.insert(std::string(errorTypeName(r.type)) + " " + r.message);
  return out;
}

/// A state of `full` that `reduced` lacks, or nothing.
std::string lostState(const std::set<std::string> &full, const std::set<std::string> &reduced) {
  for (const std::string &st : full)
    if (!reduced.count(st))
      return st + "\n";
  return "";
}

/// Compares the two searches on `count` generated C programs (with the analysis's planted
/// mistake: only on programs that branch on the id); returns how many differed.
int compareCompiled(uint64_t first, int count, CompiledPlant plant, int &shrunk,
                    Generated (*generate)(uint64_t) = generateC) {
  int differed = 0, compared = 0, classes = 0;
  bool mistake = plant.any();
  for (uint64_t seed = first; compared < count; ++seed) {
    Generated gen = generate(seed);
    if (plant.ignoreIdBranches && !gen.branchesOnId)
      continue;
    ++compared;
    // (named after the test: tests run in parallel write their programs side by side)
    test::ScratchFile file(std::string("scopemc_sym_") +
                               ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                               "_" + std::to_string(seed) + ".c",
                           gen.source);
    RunOptions lo;
    lo.file = file.path();
    lo.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
    std::shared_ptr<const Program> prog = loadProgram(lo);
    CompiledOutcome full = runCompiled(prog, false, {}), reduced = runCompiled(prog, true, plant);
    bool same = full.states == reduced.states && full.errors == reduced.errors &&
                reduced.complete <= full.complete;
    differed += !same;
    shrunk += reduced.complete < full.complete;
    classes += reduced.symmetric;
    if (!mistake) {
      EXPECT_TRUE(same) << "seed " << seed << ": " << full.complete << " executions, "
                        << full.states.size() << " final states, " << full.errors.size()
                        << " errors without the reduction; " << reduced.complete << ", "
                        << reduced.states.size() << ", " << reduced.errors.size() << " with it\n"
                        << gen.source << "lost: " << lostState(full.states, reduced.states);
    }
  }
  std::printf("%d C programs%s: %d with interchangeable threads, %d explored fewer executions, "
              "%d differed\n",
              count, mistake ? " with the planted mistake" : "", classes, shrunk, differed);
  return differed;
}

TEST(Symmetry, GeneratedCProgramsReachTheSameFinalStatesAndErrors) {
  int shrunk = 0, count = test::programsToCompare(300, 50);
  compareCompiled(100, count, {}, shrunk);
  EXPECT_GT(shrunk, count / 10);
}

TEST(Symmetry, TheOracleCatchesAnAnalysisThatIgnoresBranchesOnTheId) {
  int shrunk = 0;
  EXPECT_GT(compareCompiled(100, 60, {true, std::nullopt}, shrunk), 0);
}

TEST(Symmetry, CopiesBranchingOnValuesReachTheSameFinalStatesAndErrors) {
  int shrunk = 0, count = test::programsToCompare(300, 25);
  compareCompiled(1, count, {}, shrunk, generateBranchingC);
  EXPECT_GT(shrunk, count / 10);
}

} // namespace
} // namespace scopemc::oracle
