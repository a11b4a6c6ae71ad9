#include "program/analysis/SerialValue.h"
#include "program/analysis/Commuting.h"

#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace llvm;

namespace scopemc {

namespace {

/// The values of one run that may differ from the other run's: a constant, or null for a
/// value not known. A value not in the map is the same in both runs.
using Env = std::map<const Value *, const Constant *>;

/// One run's view of a value: the same as the other run's (shared), a constant, or unknown.
struct Val {
  enum Kind : uint8_t { Shared, Known, Unknown } kind;
  const Constant *c;
};

Val valueIn(const Env &env, const Value *v) {
  if (auto *k = dyn_cast<Constant>(v))
    return {Val::Known, k};
  auto it = env.find(v);
  if (it == env.end())
    return {Val::Shared, nullptr};
  return it->second ? Val{Val::Known, it->second} : Val{Val::Unknown, nullptr};
}

bool same(Val a, Val b) { return a.kind == b.kind && a.kind != Val::Unknown && a.c == b.c; }

bool isShift(const Instruction &i) {
  return i.getOpcode() == Instruction::Shl || i.getOpcode() == Instruction::LShr ||
         i.getOpcode() == Instruction::AShr;
}

/// Instructions the interpreter runs without an event, a trap or a report (pureValue), and
/// shifts, which are such an instruction only for an amount the caller checked.
bool computesOnly(const Instruction &i) {
  return pureValue(i) || isShift(i) || isa<UnaryOperator>(i);
}

/// Markers the interpreter skips (debug information, lifetimes).
bool marker(const Instruction &i) {
  if (isa<DbgInfoIntrinsic>(i))
    return true;
  auto *ii = dyn_cast<IntrinsicInst>(&i);
  return ii && (ii->getIntrinsicID() == Intrinsic::lifetime_start ||
                ii->getIntrinsicID() == Intrinsic::lifetime_end);
}

/// Whether value `v` may be used on some path from the start (after the phis) of `from`
/// before it is defined again.
bool liveAt(const Value *v, const BasicBlock *from) {
  std::vector<const BasicBlock *> work{from};
  std::set<const BasicBlock *> seen{from};
  while (!work.empty()) {
    const BasicBlock *b = work.back();
    work.pop_back();
    bool killed = false;
    for (const Instruction &i : make_range(b->getFirstNonPHIIt(), b->end())) {
      if (is_contained(i.operands(), v))
        return true;
      if (&i == v) {
        killed = true;
        break;
      }
    }
    if (killed)
      continue;
    for (const BasicBlock *s : successors(b)) {
      bool redefined = false;
      for (const PHINode &phi : s->phis()) {
        if (phi.getIncomingValueForBlock(b) == v)
          return true;
        redefined |= &phi == v;
      }
      if (!redefined && seen.insert(s).second)
        work.push_back(s);
    }
  }
  return false;
}

class SerialRuns {
public:
  SerialRuns(const CallBase &c, BuiltinOf builtinOf)
      : call_(c), dl_(c.getModule()->getDataLayout()), builtinOf_(builtinOf) {}

  bool observed() {
    Type *t = call_.getType();
    if (call_.use_empty())
      return false;
    if (!t->isIntegerTy() || isa<InvokeInst>(call_) || call_.isTerminator())
      return true;
    State s{call_.getParent(), std::next(call_.getIterator()), {}};
    s.env[0][&call_] = Constant::getAllOnesValue(t);
    s.env[1][&call_] = Constant::getNullValue(t);
    work_.push_back(std::move(s));
    while (!work_.empty()) {
      State next = std::move(work_.back());
      work_.pop_back();
      if (followTogether(next))
        return true;
    }
    return false;
  }

private:
  static constexpr size_t kBudget = 20000; // instructions followed before giving up

  /// Both runs at one place, with their differing values.
  struct State {
    const BasicBlock *block;
    BasicBlock::const_iterator at;
    Env env[2];
  };
  /// Where one run, followed alone, entered a block: from `pred`, with `env` before its phis.
  struct Arrival {
    const BasicBlock *block;
    const BasicBlock *pred;
    Env env;
  };

  /// Whether `i` calls a builtin the interpreter runs without an event, a read or a report,
  /// returning 0 (Builtins.def: the output functions and the calls without effect).
  bool quietCall(const Instruction &i) const {
    auto *c = dyn_cast<CallBase>(&i);
    const Function *f = c ? calledFunction(*c) : nullptr;
    std::optional<Builtin> b = f && f->isDeclaration() ? builtinOf_(*f) : std::nullopt;
    return b && (*b == Builtin::Output || *b == Builtin::NoEffect);
  }

  /// What a quiet call returns: 0 of its type, or null when that is not an integer.
  static const Constant *quietValue(const Instruction &i) {
    return i.getType()->isIntegerTy() ? Constant::getNullValue(i.getType()) : nullptr;
  }

  /// The constant instruction `i` computes in a run from its operands there, or null.
  const Constant *fold(const Instruction &i, const Env &env) const {
    if (auto *sel = dyn_cast<SelectInst>(&i)) {
      Val c = valueIn(env, sel->getCondition());
      if (c.kind != Val::Known || !isa<ConstantInt>(c.c))
        return nullptr;
      Val v = valueIn(env,
                      cast<ConstantInt>(c.c)->isOne() ? sel->getTrueValue() : sel->getFalseValue());
      return v.kind == Val::Known ? v.c : nullptr;
    }
    SmallVector<Constant *, 4> ops;
    for (const Value *o : i.operands()) {
      Val v = valueIn(env, o);
      if (v.kind != Val::Known)
        return nullptr;
      ops.push_back(const_cast<Constant *>(v.c));
    }
    Constant *r = nullptr;
    if (auto *cmp = dyn_cast<CmpInst>(&i))
      r = ConstantFoldCompareInstOperands(cmp->getPredicate(), ops[0], ops[1], dl_);
    else
      r = ConstantFoldInstOperands(const_cast<Instruction *>(&i), ops, dl_);
    return r && !isa<UndefValue>(r) && !isa<ConstantExpr>(r) ? r : nullptr;
  }

  /// Whether a shift's amount is, in a run, a constant below the width.
  static bool shiftFits(const Instruction &i, const Env &env) {
    Val a = valueIn(env, i.getOperand(1));
    auto *k = a.kind == Val::Known ? dyn_cast<ConstantInt>(a.c) : nullptr;
    return k && k->getValue().ult(i.getType()->getScalarSizeInBits());
  }

  /// Whether instruction `i` has only an effect-free value in the run of `env`.
  static bool pureIn(const Instruction &i, const Env &env) {
    return computesOnly(i) && (!isShift(i) || shiftFits(i, env));
  }

  /// Sets what `v` is in each run from what each run computed.
  static void assign(Env env[2], const Value *v, Val a, Val b) {
    if (same(a, b)) {
      env[0].erase(v);
      env[1].erase(v);
      return;
    }
    env[0][v] = a.kind == Val::Known ? a.c : nullptr;
    env[1][v] = b.kind == Val::Known ? b.c : nullptr;
  }

  /// Runs non-terminator `i` in both runs; true if a differing value reaches an effect.
  bool runTogether(const Instruction &i, Env env[2]) {
    bool differs = false;
    for (const Value *o : i.operands())
      differs |= !same(valueIn(env[0], o), valueIn(env[1], o));
    if (!differs) { // the same operands: the same effect and value
      env[0].erase(&i);
      env[1].erase(&i);
      return false;
    }
    if (!computesOnly(i) ||
        (isShift(i) && !(same(valueIn(env[0], i.getOperand(1)), valueIn(env[1], i.getOperand(1))) ||
                         (shiftFits(i, env[0]) && shiftFits(i, env[1])))))
      return true;
    const Constant *a = fold(i, env[0]), *b = fold(i, env[1]);
    assign(env, &i, a ? Val{Val::Known, a} : Val{Val::Unknown, nullptr},
           b ? Val{Val::Known, b} : Val{Val::Unknown, nullptr});
    return false;
  }

  /// Both runs enter `b`, the first from `pred0`, the second from `pred1`, with `env`: sets
  /// the phis and queues the state, unless it was seen or no differing value is live.
  void enterTogether(const BasicBlock *b, const BasicBlock *pred0, const BasicBlock *pred1,
                     Env env[2]) {
    std::vector<std::tuple<const PHINode *, Val, Val>> phis;
    for (const PHINode &phi : b->phis()) {
      const Value *in0 = phi.getIncomingValueForBlock(pred0);
      const Value *in1 = phi.getIncomingValueForBlock(pred1);
      Val a = valueIn(env[0], in0), c = valueIn(env[1], in1);
      if (a.kind == Val::Shared && c.kind == Val::Shared && in0 == in1) { // one shared value
        phis.emplace_back(&phi, a, c);
        continue;
      }
      // A shared value of one run's incoming is not the other's: unknown.
      phis.emplace_back(&phi, a.kind == Val::Shared ? Val{Val::Unknown, nullptr} : a,
                        c.kind == Val::Shared ? Val{Val::Unknown, nullptr} : c);
    }
    for (auto &[phi, a, c] : phis)
      assign(env, phi, a, c);
    if (!seen_.emplace(b, env[0], env[1]).second)
      return;
    bool live = false;
    for (int w = 0; w < 2 && !live; ++w)
      for (auto &entry : env[w])
        if ((live = cachedLiveAt(entry.first, b)))
          break;
    if (live)
      work_.push_back(State{b, b->getFirstNonPHIIt(), {env[0], env[1]}});
  }

  bool cachedLiveAt(const Value *v, const BasicBlock *b) {
    auto [it, added] = live_.try_emplace({v, b}, false);
    if (added)
      it->second = liveAt(v, b);
    return it->second;
  }

  /// Follows both runs from `s` to the end of its block; true if they may differ in effect.
  bool followTogether(State &s) {
    for (;; ++s.at) {
      if (++steps_ > kBudget)
        return true;
      const Instruction &i = *s.at;
      if (marker(i))
        continue;
      if (quietCall(i)) { // the same in both runs, whatever its arguments
        s.env[0].erase(&i);
        s.env[1].erase(&i);
        continue;
      }
      if (!i.isTerminator()) {
        if (runTogether(i, s.env))
          return true;
        continue;
      }
      return branchTogether(i, s);
    }
  }

  /// Both runs at terminator `t`; true if they may differ in effect.
  bool branchTogether(const Instruction &t, State &s) {
    if (auto *ret = dyn_cast<ReturnInst>(&t)) {
      const Value *v = ret->getReturnValue();
      return v && !same(valueIn(s.env[0], v), valueIn(s.env[1], v));
    }
    if (isa<UnreachableInst>(t))
      return false;
    if (!isa<BranchInst>(t) && !isa<SwitchInst>(t))
      return true; // (invoke, indirect branches: not followed)
    const Value *cond = condition(t);
    if (!cond) {
      Env env[2] = {s.env[0], s.env[1]};
      enterTogether(t.getSuccessor(0), s.block, s.block, env);
      return false;
    }
    Val a = valueIn(s.env[0], cond), b = valueIn(s.env[1], cond);
    if (same(a, b) && a.kind == Val::Shared) { // both runs go the same unknown way: each
      std::set<const BasicBlock *> done;
      for (const BasicBlock *succ : successors(s.block))
        if (done.insert(succ).second) {
          Env env[2] = {s.env[0], s.env[1]};
          enterTogether(succ, s.block, s.block, env);
        }
      return false;
    }
    if (a.kind != Val::Known || b.kind != Val::Known)
      return true;
    const BasicBlock *to0 = target(t, a.c), *to1 = target(t, b.c);
    if (!to0 || !to1)
      return true;
    if (to0 == to1) {
      enterTogether(to0, s.block, s.block, s.env);
      return false;
    }
    return !meet(to0, to1, s);
  }

  /// The condition of a conditional branch or a switch; null for any other terminator.
  static const Value *condition(const Instruction &t) {
    if (auto *br = dyn_cast<BranchInst>(&t))
      return br->isConditional() ? br->getCondition() : nullptr;
    if (auto *sw = dyn_cast<SwitchInst>(&t))
      return sw->getCondition();
    return nullptr;
  }

  /// Where branch or switch `t` goes when its condition is `c`; null if `c` is no integer.
  static const BasicBlock *target(const Instruction &t, const Constant *c) {
    auto *k = dyn_cast<ConstantInt>(c);
    if (!k)
      return nullptr;
    if (auto *br = dyn_cast<BranchInst>(&t))
      return br->getSuccessor(k->isOne() ? 0 : 1);
    return cast<SwitchInst>(t).findCaseValue(k)->getCaseSuccessor();
  }

  /// The runs part at the end of s.block for `to0` and `to1`: follows each alone, and if
  /// they meet at a block queues the state there. False if they do not meet.
  bool meet(const BasicBlock *to0, const BasicBlock *to1, State &s) {
    std::vector<Arrival> path[2];
    followAlone(to0, s.block, s.env[0], path[0]);
    followAlone(to1, s.block, s.env[1], path[1]);
    for (const Arrival &x : path[0])
      for (const Arrival &y : path[1])
        if (x.block == y.block) {
          Env env[2] = {x.env, y.env};
          enterTogether(x.block, x.pred, y.pred, env);
          return true;
        }
    return false;
  }

  /// Follows one run from `b` (entered from `pred`) while it only computes and can decide its
  /// branches, recording each block it enters.
  void followAlone(const BasicBlock *b, const BasicBlock *pred, Env env,
                   std::vector<Arrival> &path) {
    while (path.size() < 256) {
      path.push_back(Arrival{b, pred, env});
      std::vector<std::pair<const PHINode *, Val>> phis;
      for (const PHINode &phi : b->phis())
        phis.emplace_back(&phi, valueIn(env, phi.getIncomingValueForBlock(pred)));
      for (auto &[phi, v] : phis) // (a shared value is not the other run's: unknown)
        env[phi] = v.kind == Val::Known ? v.c : nullptr;
      const Instruction *t = b->getTerminator();
      for (const Instruction &i : make_range(b->getFirstNonPHIIt(), t->getIterator())) {
        if (++steps_ > kBudget)
          return;
        if (marker(i))
          continue;
        if (quietCall(i)) {
          env[&i] = quietValue(i);
          continue;
        }
        if (!pureIn(i, env))
          return;
        env[&i] = fold(i, env);
      }
      const BasicBlock *next = nullptr;
      if (const Value *cond = condition(*t)) {
        Val c = valueIn(env, cond);
        next = c.kind == Val::Known ? target(*t, c.c) : nullptr;
      } else if (isa<BranchInst>(t))
        next = t->getSuccessor(0);
      if (!next)
        return;
      pred = b;
      b = next;
    }
  }

  const CallBase &call_;
  const DataLayout &dl_;
  BuiltinOf builtinOf_;
  std::vector<State> work_;
  std::set<std::tuple<const BasicBlock *, Env, Env>> seen_;
  std::map<std::pair<const Value *, const BasicBlock *>, bool> live_; // liveAt's answers
  size_t steps_ = 0;
};

} // namespace

bool serialValueObserved(const CallBase &c, BuiltinOf builtinOf) {
  return SerialRuns(c, builtinOf).observed();
}

} // namespace scopemc
