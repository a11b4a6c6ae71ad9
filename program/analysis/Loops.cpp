#include "program/analysis/Loops.h"

#include <algorithm>

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

namespace scopemc {

using namespace llvm;

namespace {

/// The values of `f` computed from a reading of the clock (time(), clock()), in registers.
SmallPtrSet<const Value *, 16> clockValues(const Function &f, BuiltinOf builtinOf) {
  SmallPtrSet<const Value *, 16> out;
  SmallVector<const Value *, 16> work;
  for (const Instruction &i : instructions(f))
    if (auto *call = dyn_cast<CallBase>(&i))
      if (auto *callee = call->getCalledFunction()) {
        std::optional<Builtin> b = builtinOf(*callee);
        if (b && (*b == Builtin::Clock || *b == Builtin::Time || *b == Builtin::TimeOfDay))
          work.push_back(&i);
      }
  while (!work.empty()) {
    const Value *v = work.pop_back_val();
    if (!out.insert(v).second)
      continue;
    for (const User *u : v->users())
      if (isa<BinaryOperator, CmpInst, CastInst, SelectInst, PHINode, GetElementPtrInst,
              ExtractValueInst, InsertValueInst, ExtractElementInst, InsertElementInst,
              UnaryOperator, FreezeInst>(u))
        work.push_back(u);
  }
  return out;
}

/// LoopData::clockMatters for loop l.
bool clockMatters(const Loop &l, const LoopInfo &li, const SmallPtrSet<const Value *, 16> &clock,
                  BuiltinOf builtinOf) {
  auto tainted = [&](const Value *v) { return clock.contains(v); };
  for (const BasicBlock *b : l.blocks()) {
    if (li.getLoopFor(b) != &l)
      continue; // a loop inside l: its own business
    for (const Instruction &i : *b) {
      if (auto *br = dyn_cast<BranchInst>(&i);
          br && br->isConditional() && tainted(br->getCondition()))
        return true;
      if (auto *sw = dyn_cast<SwitchInst>(&i); sw && tainted(sw->getCondition()))
        return true;
      if (auto *ld = dyn_cast<LoadInst>(&i); ld && tainted(ld->getPointerOperand()))
        return true;
      if (auto *call = dyn_cast<CallBase>(&i)) {
        const Function *callee = call->getCalledFunction();
        if (!callee || (!callee->isIntrinsic() && !builtinOf(*callee)))
          return true;
        if (std::any_of(call->arg_begin(), call->arg_end(),
                        [&](const Use &a) { return tainted(a.get()); }))
          return true;
      }
    }
  }
  return false;
}

} // namespace

void describeFunction(FunctionInfo &fi, BuiltinOf builtinOf) {
  const Function &f = *fi.fn;
  for (const Argument &a : f.args())
    fi.slots[&a] = fi.numSlots++;
  for (const Instruction &i : instructions(f))
    if (!i.getType()->isVoidTy())
      fi.slots[&i] = fi.numSlots++;
  fi.dt = std::make_unique<DominatorTree>(const_cast<Function &>(f));
  fi.loops = std::make_unique<LoopInfo>(*fi.dt);
  SmallPtrSet<const Value *, 16> clock = clockValues(f, builtinOf);
  for (const Loop *l : fi.loops->getLoopsInPreorder()) {
    LoopData ld{l, clockMatters(*l, *fi.loops, clock, builtinOf)};
    fi.loopOfHeader[l->getHeader()] = static_cast<uint32_t>(fi.loopData.size());
    fi.loopData.push_back(ld);
  }
}

} // namespace scopemc
