// Options and results of an exploration.
//
// Contract: plain data; each explorer keeps its own copy of the options, callbacks included:
// onProgress and onWarning are called from the exploring threads, at once from several with
// several workers, and must allow that. The defaults turn every reduction here on; with one on,
// a subset of the executions is explored, with the same errors and final states (Explorer.h).
// crossCheckPsc is a test aid (the premises a test may waive are in runner/Premises.h). A result's
// counts are those of a whole search only when stoppedEarly, timedOut and memoryLimitHit are
// false and failure is empty. forEachResultField lists every field of a result: a new field is
// merged and sent between processes once it is listed there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dpor/Persistence.h"
#include "model/Consistency.h"

namespace scopemc {

/// A warning of the exploration, worded without the tool's options (the front end words
/// the hints).
struct ExplorationWarning {
  std::string text;
  /// The text names loops that keep going round: bounding them (or a time limit) helps.
  bool namesBusyLoops = false;
};

struct ExplorationOptions {
  ModelKind model = ModelKind::ScopedRC11;
  /// Test aid: every incremental psc answer is compared with the from-scratch check.
  bool crossCheckPsc = false;
  /// Seeded choice of the next thread among the runnable ones; none: lowest id first.
  std::optional<uint64_t> scheduleSeed;
  /// Stop exploring after this many seconds (0: no limit).
  double timeoutSeconds = 0;
  /// Stop exploring when the process's resident memory exceeds this many MiB (0: no limit).
  uint64_t memoryLimitMb = 0;
  /// Progress lines, at most every half second (the exploration's monitor, dpor/Monitor.h);
  /// an empty line when an explorer's search ends (one per explorer with several workers).
  /// Null: no progress reports.
  std::function<void(const std::string &)> onProgress;
  /// Drop a branch as soon as a spin loop or lock blocks after a read that was not added
  /// maximally, or a thread blocked by a spin loop can never run again (dpor/SpinPruning.h):
  /// no complete execution can follow (only blocked ones are skipped).
  bool dropFrozenSpins = true;
  /// Schedule a thread whose next event is an await read that would block on the
  /// co-maximal write only when every runnable thread is in that state (docs/development.md,
  /// Spin loops): the read is added once a write lets it pass, so the branches where it
  /// blocks and waits for a revisit are not explored. A choice of the next thread only: the
  /// same complete executions, fewer blocked ones.
  bool postponeWaitingAwaits = true;
  /// A pthread barrier instance whose result some participant reads elects, as its serial
  /// thread, each participant that reads it and one that does not (the others cannot be
  /// told apart from it). Off (--no-reductions): every participant in turn.
  bool electOneNonUser = true;
  /// Classes of at most this many threads are searched for violations pair by pair, larger
  /// ones through a trie of their histories (SymmetryPruner::anyViolation). Both give the same
  /// answers (a test compares them); only the cost differs.
  size_t symmetryPairwiseUpTo = 24;
  /// Exploration workers (TBB); 1 explores on the calling thread.
  unsigned workers = 1;
  /// Events each explorer's replay cache may hold (ThreadDriver): a thread's next event
  /// found there is not computed by running the thread. 0: no cache. About 450 bytes each
  /// (a label and its trie node): the default bounds it at about 3.7 MB per explorer.
  size_t replayCacheEvents = size_t{1} << 13;
  /// Warn once, through onWarning, when one execution reaches this many events, naming the
  /// loops that keep going round (0: never): a loop that is neither cut nor bounded.
  size_t longExecutionEvents = 100000;
  /// Where warnings go (none: dropped). Called from the exploring thread(s).
  std::function<void(const ExplorationWarning &)> onWarning;
};

struct ExplorationResult {
  uint64_t complete = 0; // complete consistent executions
  uint64_t blocked = 0;  // executions in which some thread could not continue
  /// Blocked executions in which a thread waits at a barrier that can never complete, and
  /// every other thread that could not continue waits for ever too (none was cut by an
  /// assume or a bound): they hang. The bug checks report them (barrier divergence or
  /// deadlock) unless told not to; the session's verdict is then Bounded when nothing
  /// completed (RunResult::hungUnreported).
  uint64_t hungAtBarrier = 0;
  bool boundHit = false;                     // some execution was cut by a loop bound
  std::vector<const SourceLoc *> boundLoops; // the loops that hit the bound
  /// Stopped before its end, not by a limit: an observer asked to (e.g. first error), another
  /// explorer stopped, or a premise broke (symmetryBroken, barrierOversubscribed, ownHeapReached,
  /// deferralBroken).
  bool stoppedEarly = false;
  bool timedOut = false;
  bool memoryLimitHit = false; // stopped by memoryLimitMb: the search is incomplete
  std::string memoryNote;      // with memoryLimitHit: how large the execution was (LimitNotes.h)
  double seconds = 0;
  uint64_t events = 0;       // events added to graphs (replayed ones not counted)
  uint64_t threadRuns = 0;   // next events computed by running a thread
  uint64_t cachedEvents = 0; // next events answered by the replay cache
  /// Symmetry reduction (dpor/Symmetry.h): whether some threads were interchangeable (the
  /// counts are then up to symmetry), the branches it dropped, and whether an execution
  /// broke its premise (interchangeable threads joined unlike: the search stopped, and the
  /// caller runs it again without the reduction).
  bool symmetric = false;
  uint64_t symmetryPruned = 0;
  bool symmetryBroken = false;
  /// A pthread barrier's phase got more waiters than its count (dpor/Election.h,
  /// oversubscribedPhase): the search stopped, and the caller runs it again with phases formed
  /// by arrival order (InterpreterOptions::barrierArrivalOrder).
  bool barrierOversubscribed = false;
  /// A thread blocked by a loop whose rewrites of its own heap counted as no effect, and
  /// another thread reached that heap (dpor/SpinPruning.h, ownHeapReached): the search
  /// stopped, and the caller runs it again without the zero-net-effect rule.
  bool ownHeapReached = false;
  /// Commuting updates (dpor/Commuting.h): the branches dropped for them (the counts are then
  /// up to the order of commuting RMWs).
  uint64_t commutingPruned = 0;
  /// Deferred updates (dpor/Deferral.h): how often one was added after another thread's update
  /// of its location that does not happen before it (an order the search fixed: the counts
  /// are then up to the order of commuting RMWs), and whether an execution broke their
  /// premise (the search stopped, and the caller runs it again without deferral).
  uint64_t commutingDeferred = 0;
  bool deferralBroken = false;
  /// Why the search did not run to its end other than by a limit or an error (a process of
  /// a distributed search died); empty: no such failure. A failed search verifies nothing.
  std::string failure;
};

/// Every field of ExplorationResult, named once: `f(name, member)` for each. Merging the
/// results of several explorers (mergeResult) and sending a result between processes
/// (distributed/) follow this list, and merge by the field's type: counts add up, flags and
/// bound loops join, the first non-empty text is kept, and the seconds are the merger's own.
template <typename F> void forEachResultField(F &&f) {
  using R = ExplorationResult;
  f("complete", &R::complete);
  f("blocked", &R::blocked);
  f("hung_at_barrier", &R::hungAtBarrier);
  f("bound", &R::boundHit);
  f("loops", &R::boundLoops);
  f("stopped", &R::stoppedEarly);
  f("timeout", &R::timedOut);
  f("memory", &R::memoryLimitHit);
  f("memory_note", &R::memoryNote);
  f("seconds", &R::seconds);
  f("events", &R::events);
  f("runs", &R::threadRuns);
  f("cached", &R::cachedEvents);
  f("symmetric", &R::symmetric);
  f("pruned", &R::symmetryPruned);
  f("broken", &R::symmetryBroken);
  f("oversubscribed", &R::barrierOversubscribed);
  f("own_heap_reached", &R::ownHeapReached);
  f("commuting", &R::commutingPruned);
  f("deferred", &R::commutingDeferred);
  f("deferral_broken", &R::deferralBroken);
  f("failure", &R::failure);
}

} // namespace scopemc
