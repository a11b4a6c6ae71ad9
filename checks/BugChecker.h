// The bug checks (docs/model.md §6), run by the exploration on each consistent graph. Finding an
// error records a Report; printing it is done elsewhere.
//
// Contract: an error is reported only if the graph it is found in shows it (the report's
// events are in that graph); each distinct error (ErrorType and report key) is recorded once,
// with everything every output needs resolved when it is recorded (Report: names, positions,
// witness), so a report outlives the graph. With stopOnFirst, the first one stops the search.
#pragma once

#include <set>
#include <vector>

#include "checks/Report.h"
#include "dpor/Observer.h"
#include "model/Consistency.h"
#include "model/Symbolizer.h"

namespace scopemc {

struct CheckOptions {
  bool races = true;       // data races and heterogeneous races
  bool stopOnFirst = true; // stop the search at the first error
  bool barrierDivergence = true;
  bool exitStatus = true; // a non-zero exit status (main's return value, exit()'s argument)
  bool atomicity = false; // atomicity violations (checks/Atomicity.h), at each execution's end
};

class BugChecker final : public ExplorationObserver {
public:
  /// `sym` names the witness of each report (Report::trace); null: reports carry the graph
  /// only. It must outlive the checker. `model`: the exploration's (ExplorationOptions::model),
  /// whose scope inclusion decides heterogeneous races.
  BugChecker(CheckOptions opts, ModelKind model, const Symbolizer *sym = nullptr);
  bool onEvent(const ExecutionGraph &g, Event e) override;
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &threads) override;

  /// Distinct errors found, in the order found.
  const std::vector<Report> &reports() const { return reports_; }
  size_t findings() const override { return reports_.size(); }

private:
  void checkRaces(const ExecutionGraph &g, const MemAccessLabel &e);
  void checkHeap(const ExecutionGraph &g, const EventLabel &e);
  /// The allocation whose never-written bytes copy write w carries, if any (through copies of
  /// copies, at most 16 deep); null when every byte it copies was written.
  const AllocLabel *uninitialisedCopy(const ExecutionGraph &g, const WriteLabel &w,
                                      int depth) const;
  /// The never-written heap block a copy's read r took bytes from (directly, or through an
  /// earlier copy), or null.
  const AllocLabel *uninitialisedSource(const ExecutionGraph &g, const ReadLabel &r,
                                        int depth) const;
  /// uninitialisedCopy for a write whose copy's first read is known (copyReads()).
  const AllocLabel *uninitialisedCopyRead(const ExecutionGraph &g, const WriteLabel &w,
                                          int depth) const;
  void checkAccessesBeforeFree(const ExecutionGraph &g, const FreeLabel &fl,
                               const AllocLabel &block);
  /// Whether a hazard pointer of e's thread protects `block` at e (GenMC's __VERIFIER_hp_*).
  static bool hazardProtected(const ExecutionGraph &g, const EventLabel &e,
                              const AllocLabel &block);
  void checkBarrierDivergence(const ExecutionGraph &g, const std::vector<ThreadEndState> &threads);
  void checkExitStatus(const ExecutionGraph &g, const ThreadFinishLabel &fin);
  void checkAtomicity(const ExecutionGraph &g);
  void checkDeadlock(const ExecutionGraph &g, const std::vector<ThreadEndState> &threads);
  /// Records the report unless an equal one (same key) is known; false when the search
  /// should stop.
  void record(const ExecutionGraph &g, ErrorType t, std::string msg,
              const std::vector<const EventLabel *> &events);

  CheckOptions opts_;
  const Symbolizer *sym_;
  std::unique_ptr<ConsistencyChecker> model_; // for incl only
  std::vector<Report> reports_;
  std::set<std::string> seen_;
  bool stop_ = false;
};

} // namespace scopemc
