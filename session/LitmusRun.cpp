#include "session/LitmusRun.h"

#include <map>
#include <mutex>

#include "litmus/Translate.h"
#include "model/Errors.h"

namespace scopemc {

using litmus::State;

namespace {

/// Records the final state of every complete execution: the co-last value of each observed
/// global.
class FinalStates final : public ExplorationObserver {
public:
  struct Slot {
    std::string key;
    Addr addr;
    uint32_t size;
    bool isSigned;
    bool address; // the state records addr itself (State::addresses)
  };
  FinalStates(const Program &p, std::vector<Slot> slots) : prog_(p), slots_(std::move(slots)) {}

  bool onEvent(const ExecutionGraph &, Event) override { return true; }
  bool onExecutionEnd(const ExecutionGraph &g,
                      const std::vector<ThreadEndState> &threads) override {
    for (auto &t : threads)
      if (t.kind != ThreadEndState::Kind::Finished)
        return true; // blocked or errored: not a complete execution
    State s;
    for (auto &slot : slots_) {
      if (slot.address) {
        s.addresses.push_back({slot.key, static_cast<int64_t>(slot.addr)});
        continue;
      }
      Event w = g.coMax(slot.addr);
      uint64_t v = w.isInit() ? prog_.initialValue(slot.addr, slot.size)
                              : cast<WriteLabel>(g.label(w))->value();
      s.values.push_back({slot.key, extend(v, slot.size, slot.isSigned)});
    }
    auto &entry = counts_[s.toString()];
    ++entry.second;
    entry.first = std::move(s);
    return true;
  }
  const std::map<std::string, std::pair<State, uint64_t>> &counts() const { return counts_; }

private:
  static int64_t extend(uint64_t v, uint32_t size, bool isSigned) {
    if (size >= 8)
      return static_cast<int64_t>(v);
    uint64_t mask = (1ull << (size * 8)) - 1;
    v &= mask;
    if (isSigned && (v >> (size * 8 - 1)) & 1)
      v |= ~mask;
    return static_cast<int64_t>(v);
  }
  const Program &prog_;
  std::vector<Slot> slots_;
  std::map<std::string, std::pair<State, uint64_t>> counts_;
};

} // namespace

bool LitmusOutcome::validated() const {
  switch (test.condition.quantifier) {
  case litmus::Quantifier::Exists:
    return positive > 0;
  case litmus::Quantifier::NotExists:
    return positive == 0;
  case litmus::Quantifier::Forall:
    return negative == 0;
  }
  return false;
}

RunOptions translationOptions(const litmus::Test &t, const std::string &translation,
                              RunOptions base) {
  base.file = t.file + ".c";
  base.frontend.sourceText = translation;
  return base;
}

LitmusOutcome runLitmus(const litmus::Test &t, const LitmusRunOptions &o) {
  litmus::Translation tr = litmus::translate(t);
  RunOptions ro = translationOptions(t, tr.source, RunOptions{});
  ro.frontend.includeDir = o.includeDir;
  ro.exploration.model = o.model;
  ro.exploration.timeoutSeconds = o.timeoutSeconds;
  ro.checks.stopOnFirst = false; // every execution: the states are the point
  auto program = loadProgram(ro);
  std::vector<FinalStates::Slot> slots;
  for (auto &ob : tr.observed) {
    const llvm::GlobalVariable *g = program->module().getGlobalVariable(ob.global, true);
    if (!g)
      throw InternalError("the translation of " + t.name + " lost its global " + ob.global);
    slots.push_back({ob.key, program->addressOf(g) + ob.offset, ob.size, ob.isSigned, ob.address});
  }
  const Program &prog = *program;
  ro.exploration.workers = o.workers;
  std::vector<std::unique_ptr<FinalStates>> recorders; // one per explorer of the last search
  unsigned last = 0;
  auto makeRecorder = [&](unsigned search) -> ExplorationObserver & {
    if (search != last)
      recorders.clear(); // (a search started over: what the abandoned one saw does not count)
    last = search;
    recorders.push_back(std::make_unique<FinalStates>(prog, slots));
    return *recorders.back();
  };
  RunResult res = verifyProgram(std::move(program), ro, makeRecorder);
  std::map<std::string, std::pair<State, uint64_t>> counts;
  for (auto &r : recorders)
    for (auto &[text, entry] : r->counts()) {
      auto &c = counts[text];
      c.first = entry.first;
      c.second += entry.second;
    }

  LitmusOutcome out;
  out.test = t;
  out.complete = res.exploration.complete;
  out.blocked = res.exploration.blocked;
  out.timedOut = res.exploration.timedOut;
  out.seconds = res.exploration.seconds;
  out.errors = res.reports;
  out.program = std::move(res.program);
  for (auto &[text, entry] : counts) {
    out.states.push_back(entry);
    if (t.filter && !litmus::holds(*t.filter, entry.first))
      continue;
    (litmus::holds(t.condition.prop, entry.first) ? out.positive : out.negative) += entry.second;
  }
  return out;
}

} // namespace scopemc
