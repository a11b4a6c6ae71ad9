// An observer for the differential oracles of the reductions (tests/unit/SymmetryTest.cpp,
// CommutingTest.cpp): the final value of every global of the program, per execution.
#pragma once

#include <set>
#include <string>

#include "dpor/Observer.h"
#include "interpreter/Program.h"

namespace scopemc::oracle {

struct FinalMemory final : ExplorationObserver {
  const Program *prog = nullptr;
  /// Whether executions where some thread did not finish count too (their states then start
  /// with how each thread ended); else only complete ones.
  bool withBlocked = false;
  std::set<std::string> states;
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g, const std::vector<ThreadEndState> &ends) override {
    std::string s;
    for (auto &e : ends) {
      if (!withBlocked && e.kind != ThreadEndState::Kind::Finished)
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
    states.insert(s);
    return true;
  }
};

} // namespace scopemc::oracle
