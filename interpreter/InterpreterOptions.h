// The interpreter's options (passed to its constructor).
//
// Contract: plain data, copied into each interpreter (one per exploration worker) and never
// changed while it runs; the overrides are shared read-only. Every default is the tool's
// default behaviour (the differential tests waive premises through Reductions::waiver only).
// The session may run a search again with a field changed when a premise breaks (RunResult:
// symmetryAbandoned, barrierPhasesByArrival, zeroNetEffectAbandoned).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/Labels.h"
#include "program/AccessOverrides.h"
#include "runner/EventSink.h"

namespace scopemc {

/// The files a program may read (interpreter/Files.h): reads come from the disk, writes stay
/// in the run.
struct FileOptions {
  /// Folders whose files may be read besides the working directory (--input).
  std::vector<std::string> readableDirs;
  std::string stdinFile; // what standard input holds (--stdin); empty: nothing
};

struct InterpreterOptions {
  FileOptions files;
  /// Loops other than spin loops may take their back edge at most this many times in one
  /// call of their function (0: no bound).
  unsigned unroll = 0;
  /// Spin loops block (docs/dpor.md §4): an iteration that wrote nothing and comes back to
  /// the loop head with every header value, private byte and annotation as it began blocks
  /// the thread. Off (--no-reductions): every loop runs until --unroll bounds it.
  bool spinLoops = true;
  /// Changes to the order, scope or atomicity of accesses, per instruction (repair verifies
  /// candidate edits with them); applied as each access's label is built.
  std::shared_ptr<const AccessOverrides> overrides;
  /// Zero-net-effect iterations block (docs/dpor.md §4): a write that rewrites, byte for byte,
  /// what the thread last wrote to a heap block it allocated and has not published, and a
  /// hazard-pointer protect, do not count as progress. Off: an iteration blocks only when it
  /// wrote nothing (every header value must repeat either way; the differential tests compare
  /// the two).
  bool zeroNetEffect = true;
  /// Idle rounds block (docs/dpor.md §4): when every thread of a barrier went once round a
  /// loop doing nothing but wait at it, they all block. Off: only the loop bound (--unroll)
  /// ends such loops (the differential tests compare the two).
  bool idleRounds = true;
  /// A pthread_barrier_wait whose result is used but changes nothing (program/analysis/
  /// SerialValue.h) is not a choice of the barrier election (dpor/Election.h). Off
  /// (--no-reductions): every call whose result is used is one.
  bool unobservedSerials = true;
  /// Which reductions the labels are marked for (symmetry classes of created threads,
  /// program/Symmetry.h; commuting RMWs, program/analysis/Commuting.h); the
  /// exploration learns them through ProgramRunner::reductions.
  Reductions reductions;
  /// pthread barriers form their phases by arrival order (docs/model.md §5): each wait first
  /// adds one to an arrival counter in the barrier object (a relaxed RMW, so the search
  /// explores every order of arrival), and counter / count is its instance. Off: instance k is
  /// the threads' k-th calls, exact unless a phase gets more waiters than the count; the
  /// session turns this on when the search finds one (ExplorationResult::barrierOversubscribed);
  /// --no-reductions from the start (the reference the k-th-call shortcut is tested against).
  bool barrierArrivalOrder = false;
};

} // namespace scopemc
