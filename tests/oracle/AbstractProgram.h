// Small straight-line concurrent programs for the differential oracle (docs/dpor.md §7): a
// generator, a ProgramRunner that runs them without a compiler, and a C emitter.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "runner/EventSink.h"

namespace scopemc::oracle {

struct Op {
  /// CasAwait: a CAS spin loop `while (!cas(v, expected, value));` (a lock acquire); an
  /// iteration whose CAS fails blocks, as the interpreter's spin-loop rule does.
  /// TtasAwait: a test-and-test-and-set acquire `for (;;) { while (load_relaxed(v) !=
  /// expected); if (xchg(v, value) == expected) break; }`; generated only where v holds
  /// `expected` or `value`, so a failed exchange writes back what it read and blocks.
  enum class Kind : uint8_t {
    Load,
    Store,
    FetchAdd,
    Xchg,
    Cas,
    Fence,
    Await,
    CasAwait,
    TtasAwait
  } kind;
  int loc = 0;           // variable v<loc>
  uint64_t value = 0;    // stored / added / exchanged / CAS desired
  uint64_t expected = 0; // CAS, CasAwait; Await: the value the spin loop waits for
  MemOrder order = MemOrder::Relaxed;
  Scope scope = Scope::System;
  bool isRmw() const {
    return kind == Kind::FetchAdd || kind == Kind::Xchg || kind == Kind::Cas ||
           kind == Kind::CasAwait || kind == Kind::TtasAwait;
  }
};

struct AbstractThread {
  ThreadPos pos; // device/block placement (used when the program is scoped)
  std::vector<Op> ops;
  /// The thread's symmetry class (ThreadEntry::symmetry) as the ScriptedRunner states it; -1:
  /// none. The symmetry tests give one class to copies of one script at one position.
  int symmetry = -1;
};

/// A step of the main thread after it has created every thread (AbstractProgram::mainTail).
struct MainStep {
  int join = -1; // >= 0: join the thread created join-th (thread join + 1); otherwise run op
  Op op;         // a Load or a Store
};

struct AbstractProgram {
  int numLocs = 1;
  bool scoped = false; // placements and scopes matter; otherwise everything is host/system
  std::vector<AbstractThread> threads;
  /// What the main thread does after creating the threads (the ScriptedRunner; the C emitter
  /// ignores it): joins and accesses in any order.
  std::vector<MainStep> mainTail;
  std::string describe() const;
};

struct GeneratorOptions {
  int minThreads = 2, maxThreads = 4;
  int minOps = 1, maxOps = 4;
  int maxLocs = 3;
  bool scoped = false;
  bool awaits = false; // spin loops `while (v != k);` (complete executions read k)
  /// With awaits: the share (percent) of operations that are awaits, the rest mostly stores
  /// of increasing values (0: the default mix, about 5% awaits). Lock-like shapes: threads
  /// wait for a value that several writers produce in turn.
  int awaitPercent = 0;
  /// With awaits: half of the spin loops are CAS spin loops (CasAwait). Off, the generator
  /// makes the same programs as before the option existed.
  bool casAwaits = false;
  /// Lock-protocol programs instead: every thread takes a TTAS lock on v0 (TtasAwait 0 -> 1),
  /// accesses v1 inside, and releases with a store of 0; the other options are ignored.
  bool ttasLocks = false;
  /// The share (percent) of atomic accesses made seq_cst (0: the default mix; the
  /// SC-heavy programs exercise the incremental psc check).
  int scPercent = 0;
  /// The share (percent) of operations that are SC fences, drawn before the mix above (0:
  /// none; off, the generator makes the same programs as before the option existed). GPU
  /// code's `__threadfence()` between relaxed accesses: psc through fences.
  int scFencePercent = 0;
};

AbstractProgram generate(std::mt19937_64 &rng, const GeneratorOptions &opts);

/// C source for the program, in the GPUMC-annotated pthreads style.
std::string toC(const AbstractProgram &p);

/// The orders of the read and write halves of an RMW op with order o (C11: the acquire part
/// of acq_rel reads, the release part writes).
MemOrder rmwReadOrder(MemOrder o);
MemOrder rmwWriteOrder(MemOrder o);

/// Address of variable v<loc> as the ScriptedRunner uses it.
inline Addr locAddr(int loc) { return 0x1000'0000'0000ull + 8ull * static_cast<uint64_t>(loc); }

/// Runs an AbstractProgram: thread 0 creates one thread per AbstractThread and finishes.
class ScriptedRunner final : public ProgramRunner {
public:
  /// `reductions`: what the exploration is told the labels are marked for (the script gives
  /// its threads their symmetry classes either way).
  explicit ScriptedRunner(const AbstractProgram &p, Reductions reductions = {})
      : prog_(p), reductions_(reductions) {}
  void resetThread(ThreadId t, const ThreadEntry &entry, ThreadPos pos) override;
  RunStatus run(ThreadId t, EventSink &sink) override;
  uint64_t initialValue(Addr, uint32_t) const override { return 0; }
  Reductions reductions() const override { return reductions_; }
  int32_t saveThread(ThreadId t, uint32_t slot) override;
  void restoreThread(ThreadId t, uint32_t slot) override;

private:
  struct State {
    int script = -1; // index into prog_.threads; -1: main
    ThreadPos pos;
    int32_t index = 0; // next event index
    size_t op = 0;     // next op (main: next thread to create)
    bool started = false;
  };
  bool offer(State &s, EventSink &sink, const EventLabel &l, uint64_t *v = nullptr);
  /// Where a thread may still access memory after each point of its script (SiteFootprint):
  /// one block per op (main: its creations, then each step of its tail), and the point of an
  /// event (EventLabel::resumePoint).
  SiteFootprintPtr sitesOf(const State &s) const;
  uint32_t pointOf(const State &s, const EventLabel &l) const;
  RunStatus runMain(State &s, EventSink &sink);
  RunStatus blockSpin(ThreadId t, State &s, EventSink &sink, int32_t start, bool awaitsLastRead);
  const AbstractProgram &prog_;
  Reductions reductions_;
  std::vector<State> states_;
  SnapshotSlots<State> snapshots_;
};

} // namespace scopemc::oracle
