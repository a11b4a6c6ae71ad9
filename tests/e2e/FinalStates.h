// The final memory states of a search's complete executions, for the differential tests that
// compare a reduction with the search without it (docs/dpor.md §7).
#pragma once

#include <set>
#include <sstream>
#include <string>

#include "dpor/Observer.h"
#include "program/Program.h"

namespace scopemc::test {

/// The final value of every location (its co-maximal write) of each complete execution, one
/// string per distinct state. Locations whose description starts with `skipPrefix` (when not
/// empty) are left out: memory that only one of the compared searches uses.
class FinalStates final : public ExplorationObserver {
public:
  explicit FinalStates(const Program &p, std::string skipPrefix = "")
      : prog_(p), skip_(std::move(skipPrefix)) {}
  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g,
                      const std::vector<ThreadEndState> &threads) override {
    for (auto &t : threads)
      if (t.kind != ThreadEndState::Kind::Finished)
        return true;
    std::ostringstream s;
    for (auto &[addr, info] : g.locations()) {
      std::string name = prog_.describeAddress(addr);
      if (!skip_.empty() && name.rfind(skip_, 0) == 0)
        continue;
      Event w = g.coMax(addr);
      s << name << "="
        << (w.isInit() ? std::string("init")
                       : std::to_string(cast<WriteLabel>(g.label(w))->value()))
        << " ";
    }
    states.insert(s.str());
    return true;
  }
  std::set<std::string> states;

private:
  const Program &prog_;
  std::string skip_;
};

} // namespace scopemc::test
