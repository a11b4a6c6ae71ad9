// Who explores what in a distributed search (docs/distributed.md): the decisions of rank 0,
// apart from the messages that carry them (MpiBackend.cpp), so that they are tested alone
// (Coordinator.EveryUnitIsExploredOnceAndTheEndIsExact, tests/mpi/MpiTest.cpp). No MPI, no
// clock of its own (the caller passes `now`), no threads: rank 0's message loop alone calls it.
#pragma once

#include <chrono>
#include <deque>
#include <vector>

namespace scopemc {

/// Contract: every branch given away reaches exactly one rank (none is lost or explored twice),
/// and done() becomes true exactly when every rank is idle and no branch is on its way: the
/// search has nothing left. Rank 0 starts with the whole search; the others are busy until they
/// say they are idle. It relies on MPI's order between two ranks: a rank's idle arrives
/// after the branch it gave.
class Coordinator {
public:
  using Clock = std::chrono::steady_clock;
  /// `ranks` >= 1, every one busy; ranks are numbered 0 .. ranks-1 in every call.
  explicit Coordinator(int ranks);

  /// Rank r has nothing left to explore (it asked for work); ignored for a rank already idle
  /// or lost.
  void idle(int r);
  /// Rank r answered a request for a branch; `carried`: with one. Returns the rank the branch
  /// goes to (an idle one, else r itself), or -1 when it carried none or the search stops
  /// (the branch is dropped: a stopped search explores nothing more).
  int branchFrom(int r, bool carried, Clock::time_point now);
  /// Ranks to ask for a branch now (each to be sent one request, answered by branchFrom): one
  /// busy rank per idle rank not yet served, round robin, not one asked already, nor one
  /// that had none in the last 2 ms; none once stopping.
  std::vector<int> asks(Clock::time_point now);
  /// From now on no branch is handed out; the search ends when every rank is idle.
  void stop() { stopping_ = true; }
  bool stopping() const { return stopping_; }
  /// Rank r is gone (it stopped answering): it counts as idle, and its part of the search is lost.
  void lost(int r);
  /// No rank busy and no request for a branch unanswered.
  bool done() const;
  int ranks() const { return static_cast<int>(busy_.size()); }

private:
  std::vector<bool> busy_, asked_, gone_;
  std::vector<Clock::time_point> quietUntil_; // had no branch: not asked again before this
  std::deque<int> idle_;                      // idle ranks waiting for a branch, first come first
  int outstanding_ = 0;                       // requests for a branch not answered yet
  int next_ = 0;                              // where the search for a rank to ask resumes
  bool stopping_ = false;
};

} // namespace scopemc
