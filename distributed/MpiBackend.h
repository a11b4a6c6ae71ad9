// A search distributed over the processes of an MPI run (docs/distributed.md). Every process
// calls explore() with the same program and options (each loaded the program itself); rank 0
// coordinates, explores like the others, reproduces the errors the others find from their
// paths (so that its observers see every error) and returns the merged result, which every
// process receives. Behind session/Session.h's RunOptions::backend; on distributed/Mpi.h
// (messages), Coordinator.h (rank 0's decisions) and LocalPool.h (each process's explorers).
//
// Contract (ExplorationBackend's, dpor/Parallel.h): the same counts and distinct errors as
// one explorer. explore() and estimate() are collective: every rank calls them in the same
// order, on the thread that made the MpiSession, and each returns rank 0's merged result on
// every live rank. explore() throws the same exception on every rank when an explorer of any
// rank threw: UnsupportedProgram, or InternalError for any other exception. A rank lost
// (silent for rankTimeoutSeconds) fails the search or estimate (`failure`) instead of hanging
// it; a path rank 0 cannot replay fails the search too.
#pragma once

#include <atomic>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "distributed/Mpi.h"
#include "dpor/Parallel.h"

namespace scopemc {

struct DistributedOptions {
  /// A rank that has sent nothing for this long is taken as lost (its part of the search is
  /// missing: the search fails). Before a rank's first message, 600 s (kStartupGraceSeconds,
  /// MpiBackend.cpp: it may still be compiling the program).
  double rankTimeoutSeconds = 10;
};

/// What one rank did, for the measurements (--mpi-stats).
struct RankStats {
  int rank = 0;
  std::string host;
  uint64_t messagesSent = 0, bytesSent = 0, parts = 0, given = 0, replayedSteps = 0;
  uint64_t complete = 0, blocked = 0;
  double wallSeconds = 0, idleSeconds = 0, exploringSeconds = 0, cpuSeconds = 0;
};

class MpiBackend final : public ExplorationBackend {
public:
  /// `net` must outlive the backend; `host` names this rank in its figures.
  MpiBackend(MpiTransport &net, DistributedOptions opts, std::string host);
  /// One search over every rank, opts.workers explorers on each. Rank 0 alone reports
  /// progress and warnings (opts' callbacks); its first observer from `setup` replays the
  /// errors the other ranks found, its others are its own explorers'. The loops of
  /// ExplorationResult::boundLoops that other ranks named point into this backend (valid while
  /// it lives).
  ExplorationResult explore(const ParallelSetup &setup, const ExplorationOptions &opts) override;
  /// Each rank draws its share of the samples with its own seed; rank 0 combines the means
  /// (weighted by samples) and every rank returns the combination.
  /// A rank silent for rankTimeoutSeconds while sampling (each sends a heartbeat every quarter
  /// second) fails the estimate on rank 0, which tells the others (lostRank()).
  SearchEstimate estimate(const Sampler &sample, unsigned samples, uint64_t seed) override;
  /// Rank 0: every rank's figures of the last explore(), by rank (a lost rank's missing);
  /// empty on the other ranks.
  const std::vector<RankStats> &stats() const { return stats_; }
  /// A rank was lost in some explore() or estimate() (on rank 0: found so; on the others: told
  /// so with the merged result or estimate): the run must end by aborting, as MPI_Finalize
  /// would wait for the lost rank.
  bool lostRank() const { return lostRank_; }

private:
  class Run;
  /// Rank 0's side of estimate(): the other ranks' shares joined to its own once `sampled`;
  /// sets `stop` (its own sampling) and adds the rank to `lost` when a rank is lost.
  SearchEstimate combineEstimates(const SearchEstimate &mine, const std::atomic<bool> &sampled,
                                  std::atomic<bool> &stop, std::vector<int> &lost);
  MpiTransport &net_;
  DistributedOptions opts_;
  std::string host_;
  std::vector<RankStats> stats_;
  bool lostRank_ = false;
  std::deque<SourceLoc> locs_; // the loops other ranks named as bound hits (results point here)
};

} // namespace scopemc
