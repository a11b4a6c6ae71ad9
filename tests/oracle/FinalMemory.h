// An observer for the differential oracles of the reductions (tests/unit/SymmetryTest.cpp,
// CommutingTest.cpp): the final value of every global of the program, per execution.
#pragma once

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "dpor/Observer.h"
#include "program/Program.h"

namespace scopemc::oracle {

struct FinalMemory final : ExplorationObserver {
  const Program *prog = nullptr;
  /// Whether executions where some thread did not finish count too (their states then start
  /// with how each thread ended); else only complete ones. A spin-blocked thread that is not
  /// blocked for good (ThreadEndState::forGood) marks a cut execution, whose state is none
  /// the program ends in (a later iteration reads a newer value): it never counts.
  bool withBlocked = false;
  /// Whether states also hold what the threads read: the values each thread read, in program
  /// order, as a multiset over the threads (exchanging interchangeable threads keeps it). The
  /// values of RMWs whose results the program never uses (RmwInfo::resultUnused, commutes)
  /// are left out: the commuting reduction explores one order of them.
  bool withReads = false;
  std::set<std::string> states;
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &ends) override {
    std::string s;
    for (auto &e : ends) {
      if (!withBlocked && e.kind != ThreadEndState::Kind::Finished)
        return true;
      if (e.kind == ThreadEndState::Kind::Blocked && !e.forGood)
        return true;
      if (withBlocked)
        s += std::to_string(static_cast<int>(e.kind)) + ",";
    }
    for (auto &[addr, li] : g.locations())
      if ((addr & addr::kRegionMask) == addr::kGlobals)
        s += std::to_string(addr) + "=" +
             std::to_string(li.co.empty() ? prog->initialValue(addr, li.size)
                                          : cast<WriteLabel>(g.label(li.co.back()))->value()) +
             " ";
    if (withReads)
      s += readsOf(g);
    states.insert(s);
    return true;
  }

  std::string readsOf(const ExecutionGraph &g) const {
    std::vector<std::string> threads;
    for (ThreadId t = 0; t < g.numThreads(); ++t) {
      std::string r;
      for (int32_t i = 0; g.threadExists(t) && i < g.threadSize(t); ++i)
        if (auto *rl = dyn_cast<ReadLabel>(g.label(Event{t, i}));
            rl && !rl->rmw().commutes && !rl->rmw().resultUnused)
          r += std::to_string(rl->rf().isInit() ? prog->initialValue(rl->addr(), rl->size())
                                                : cast<WriteLabel>(g.label(rl->rf()))->value()) +
               ",";
      threads.push_back(r);
    }
    std::sort(threads.begin(), threads.end());
    std::string s = "| ";
    for (const std::string &r : threads)
      s += r + "; ";
    return s;
  }
};

} // namespace scopemc::oracle
