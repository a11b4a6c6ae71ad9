// The contract between the interpreter and whoever explores executions.
//
// The interpreter runs one thread at a time. Every visible operation (shared-memory access,
// fence, thread create/join/finish, allocation, free, block, error) becomes a complete label
// (kind, location, value, order, scope, thread position, source location) offered to an
// EventSink, in program order. Thread-local work (registers, non-escaping stack memory)
// creates no events. The interpreter knows nothing about how the sink chooses executions.
//
// Contract: replay is deterministic: a runner given the same replies offers the same events
// (kinds, fields, values) in the same order, whatever ran on other threads in between; a
// Stop means the thread is suspended before the operation, which it offers again when run
// next. The exploration uses only the reductions the runner says its labels are marked for
// (ProgramRunner::reductions).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "model/Labels.h"
#include "runner/Premises.h"

namespace scopemc {

/// The sink's answer to one offered event.
struct SinkReply {
  enum class Status : uint8_t {
    /// The event is already part of the execution: continue. `value` is the value read by a
    /// read, the id of the created thread for a create, the child's return value for a join.
    Replayed,
    /// The event is new: the sink has taken a copy of the label as the thread's next event.
    /// The interpreter must suspend the thread *before* the operation and offer the same
    /// operation again the next time the thread is run.
    Stop,
  };
  Status status;
  uint64_t value = 0;
};

class EventSink {
public:
  virtual ~EventSink() = default;
  /// Offers the next event of the running thread. Precondition: `label.index()` is the
  /// number of events this thread offered and got Replayed for since its start. The label
  /// is only borrowed for the duration of the call.
  /// `resumePoint`: where the thread's code goes on after the event (EventLabel::resumePoint),
  /// for a runner that numbers the points of its threads' code; 0: not known.
  virtual SinkReply offer(const EventLabel &label, uint32_t resumePoint) = 0;
  SinkReply offer(const EventLabel &label) { return offer(label, 0); }
  /// Polled by the runner every so many instructions (also while a thread computes without
  /// making events): true when the search must stop now (a time or memory limit); the runner
  /// then throws RunInterrupted, which the exploration catches.
  virtual bool interrupted() { return false; }
};

/// Thrown by a runner whose sink said `interrupted()`: the run is abandoned mid-thread.
struct RunInterrupted {};

/// How a run of one thread ended.
enum class RunStatus : uint8_t {
  Stopped,  // the sink answered Stop: the thread has a new event pending
  Finished, // the thread's finish, block or error event was replayed: it is done
};

/// The reductions whose marks a runner puts on its labels and the exploration then uses:
/// said once, here, for both (InterpreterOptions::reductions; ProgramRunner::reductions).
struct Reductions {
  /// Interchangeable threads explored once: the runner gives created threads their symmetry
  /// class (ThreadEntry::symmetry), the exploration drops executions that only exchange
  /// them (docs/symmetry.md; --no-symmetry, --no-thread-symmetry: off).
  bool symmetry = true;
  /// Commuting updates explored in one order: the runner marks the RMWs that commute
  /// (RmwInfo::commutes), the exploration drops the other orders where nothing tells them
  /// apart (docs/commuting.md; --no-commuting-updates, --no-symmetry: off).
  bool commutingUpdates = true;
  /// With commutingUpdates: the marked RMWs are deferred (dpor/Deferral.h), added in one
  /// order instead of pruned; the session turns this off when an execution breaks the premise.
  bool deferUpdates = true;
  /// Test aid (runner/Premises.h): premises the reductions leave unchecked; null in the
  /// product, where every premise is checked.
  std::shared_ptr<const PremiseWaiver> waiver;
  void setAll(bool on) { symmetry = commutingUpdates = on; }
  /// Whether the reductions check `p` (always, unless a test waived it).
  bool checks(Premise p) const { return !waiver || !waiver->waives(p); }
};

/// What the exploration needs from a program. Implementations are single-threaded: one
/// per exploration worker; the program they run is shared read-only.
class ProgramRunner {
public:
  virtual ~ProgramRunner() = default;
  /// Forgets thread `t`: its next run starts from `entry` (the main thread: entry {0, 0}),
  /// at event index 0, placed at `pos`.
  virtual void resetThread(ThreadId t, const ThreadEntry &entry, ThreadPos pos) = 0;
  /// Runs thread `t` from where it is, offering its events to `sink`, until the sink answers
  /// Stop or the thread is done. Replay is deterministic: the same replies give the same
  /// events.
  virtual RunStatus run(ThreadId t, EventSink &sink) = 0;
  /// The value of the initialisation write of the `size` bytes at `a`.
  virtual uint64_t initialValue(Addr a, uint32_t size) const = 0;
  /// The reductions the runner marks its labels for; the exploration uses those only.
  virtual Reductions reductions() const = 0;

  /// Snapshots (optional), so that a thread rewound to its k-th event need not re-run from
  /// its start. Saves the state of thread `t`, stopped by the sink, in the runner's slot
  /// `slot` of that thread (reusing the slot's storage) and returns the index of the event
  /// the thread offers first when it continues from there; -1 if the runner keeps no
  /// snapshots. The snapshot stays valid while the thread's events before that index keep
  /// their replies.
  virtual int32_t saveThread(ThreadId /*t*/, uint32_t /*slot*/) { return -1; }
  /// Makes thread `t` continue from the state saved in its slot `slot`.
  virtual void restoreThread(ThreadId /*t*/, uint32_t /*slot*/) {}
  /// What saving thread `t` now costs, in units of replaying one event: the exploration
  /// saves a large state only every so many events, so that copying it costs no more than
  /// replaying from the snapshot before (straight-line code with many values stays linear).
  virtual size_t snapshotCost(ThreadId /*t*/) const { return 0; }

  /// A loop of the threads as they were last run, and how often it went round in its
  /// current instance (for the warning on an execution that keeps growing).
  struct LoopActivity {
    const SourceLoc *where = nullptr;
    ThreadId thread = 0;
    uint64_t iterations = 0;
  };
  /// The loops that went round at least `minIterations` times, most first (optional).
  virtual std::vector<LoopActivity> busyLoops(uint64_t /*minIterations*/) const { return {}; }
  /// The largest launch of threads (a kernel's grid) the program made so far, and where.
  struct LaunchSize {
    uint64_t threads = 0;
    const SourceLoc *where = nullptr;
  };
  virtual LaunchSize largestLaunch() const { return {}; }
};

/// Storage for a runner's thread snapshots (ProgramRunner::saveThread): one state per thread
/// and slot. A slot saved again is copy-assigned, so it keeps its storage.
template <typename State> class SnapshotSlots {
public:
  void save(ThreadId t, uint32_t slot, const State &s) {
    if (t >= static_cast<ThreadId>(slots_.size()))
      slots_.resize(static_cast<size_t>(t) + 1);
    auto &mine = slots_[static_cast<size_t>(t)];
    if (slot >= mine.size())
      mine.resize(slot + 1);
    mine[slot] = s;
  }
  const State &at(ThreadId t, uint32_t slot) const { return slots_[static_cast<size_t>(t)][slot]; }

private:
  std::vector<std::vector<State>> slots_;
};

} // namespace scopemc
