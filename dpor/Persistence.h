// What of an execution graph the search below it can no longer change (docs/symmetry.md,
// step 3): the reductions (dpor/Symmetry.h, dpor/Commuting.h) drop a branch only for a
// violation made of such events.
//
// Contract: refresh(g) must be called for each graph before the queries; then
// - stays(l): no backward revisit in any graph the search reaches below g removes l or gives
//   it (a read) another source;
// - knows(g, u, ...): every read and write thread u adds below g (or re-adds after a revisit)
//   has in its happens-before a view for which the predicate holds; a thread that adds none
//   knows all. The predicate asks whether a view contains some event (so it holds of a join
//   of views exactly when it holds of one of them);
// - mayAccess(g, u, ...): whether u may ever access a byte of the range (its footprint);
// - mayStillWrite(g, u, ...): whether u may write a byte of it in some graph below g (what its
//   code may still run after its last event that stays, SiteFootprint; only a write revisits a
//   read or comes co-after another write, so a thread that may only read counts as absent).
// Every answer errs on the side of "may change" / "does not know" / "may access".
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/ExecutionGraph.h"
#include "runner/EventSink.h"

namespace scopemc {

class Persistence {
public:
  /// `next`: the event a thread offers next in the graph under exploration
  /// (ThreadDriver::next), to see that a thread waits to join another; may be empty.
  /// `reductions`: whose premises are checked (all of them unless a test waived some).
  explicit Persistence(Reductions reductions, std::function<const EventLabel *(ThreadId)> next = {})
      : reductions_(std::move(reductions)), next_(std::move(next)) {}

  /// The graph changed: answers are computed again for g when next asked.
  void refresh() {
    minKnown_ = false;
    forgetKnowledge();
  }
  bool stays(const ExecutionGraph &g, const EventLabel *l);
  /// Whether every event of u stays.
  bool staysWhole(const ExecutionGraph &g, ThreadId u);
  bool knows(const ExecutionGraph &g, ThreadId u, bool local,
             const std::function<bool(const View &)> &has);
  static bool mayAccess(const ExecutionGraph &g, ThreadId u, uint64_t addr, uint64_t size);
  bool mayStillWrite(const ExecutionGraph &g, ThreadId u, uint64_t addr, uint64_t size);
  /// The least stamp of a read a revisit below g may still change, and the next one.
  Stamp minRevisitable(const ExecutionGraph &g) {
    known(g);
    return minRevisitable_;
  }
  Stamp nextRevisitable(const ExecutionGraph &g) {
    known(g);
    return nextRevisitable_;
  }
  /// Whether the reductions built on this one check premise `p` (Reductions::checks).
  bool checks(Premise p) const { return reductions_.checks(p); }

private:
  void known(const ExecutionGraph &g) {
    if (!minKnown_)
      findRevisitable(g);
  }
  /// Finds the least stamps of reads a backward revisit below the graph may change.
  void findRevisitable(const ExecutionGraph &g);
  /// Whether no write added below the graph can revisit r (every other thread that may still
  /// write to its location has a write co-after r's source in its happens-before).
  bool pinned(const ExecutionGraph &g, const ReadLabel &r);
  /// The happens-before (of local or other memory) that thread u keeps in every graph below
  /// this one; null: none is known. `finished`: u adds no event below this graph.
  const View *knowledge(const ExecutionGraph &g, ThreadId u, bool local, bool &finished);
  const View *computeKnowledge(const ExecutionGraph &g, ThreadId u, bool local, bool &finished);
  bool staysKnown(const EventLabel *l) const;
  /// The index of u's last event that stays (-1: none), kept until what stays changes.
  int32_t lastStaying(const ExecutionGraph &g, ThreadId u);
  std::vector<int32_t> lastStaying_; // by thread; -2: not found yet
  /// knowledge() answers are kept per thread until what stays changes (a new graph, or the
  /// fixpoint of findRevisitable moving on): they depend only on the graph and on that.
  struct Known {
    bool computed = false, finished = false;
    const View *view = nullptr;
  };
  void forgetKnowledge() {
    lastStaying_.clear();
    for (auto &k : known_)
      k.clear();
    for (auto &l : levels_)
      l.clear();
    for (auto &c : consulted_)
      c.clear();
  }
  /// The highest co index of a write of location `li` that thread u knows in every graph
  /// below (kLevelAll: u adds no read or write below): knows(g, u, local, "has a write
  /// co-after index c") holds exactly when this is above c.
  long computeLevel(const ExecutionGraph &g, ThreadId u, bool local, const LocationInfo &li);
  /// The two least levels among the threads that may access r's bytes, and whose the least is.
  struct Levels {
    long lowest = kLevelAll, second = kLevelAll;
    ThreadId lowestThread = -1;
  };
  const Levels &levels(const ExecutionGraph &g, const ReadLabel &r, const LocationInfo &li);
  /// What thread u knows for good (knows()): the view it keeps joined with those of the
  /// threads it waits to join; `all`: u adds no read or write below.
  struct Consulted {
    bool computed = false, all = false;
    View view;
  };
  const View &consulted(const ExecutionGraph &g, ThreadId u, bool local, bool &all);
  bool consultInto(const ExecutionGraph &g, ThreadId u, bool local, View &into);
  struct RangeHash {
    size_t operator()(const std::pair<uint64_t, uint32_t> &k) const {
      return std::hash<uint64_t>()(k.first * 31 + k.second);
    }
  };
  static constexpr long kLevelAll = std::numeric_limits<long>::max();

  Reductions reductions_;
  std::function<const EventLabel *(ThreadId)> next_;
  Stamp minRevisitable_ = 0, nextRevisitable_ = 0; // the two least stamps of such reads
  bool minKnown_ = false;
  std::vector<Known> known_[2]; // by thread; [local]
  /// Levels of the threads that may access each (address, size) read; [local].
  std::unordered_map<std::pair<uint64_t, uint32_t>, Levels, RangeHash> levels_[2];
  std::vector<Consulted> consulted_[2]; // by thread; [local]
};

} // namespace scopemc
