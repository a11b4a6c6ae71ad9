#include "interpreter/analysis/Loops.h"

#include <algorithm>

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

namespace scopemc {

using namespace llvm;

namespace {

/// Whether `v`, reaching loop l's header phi `header` on a back edge, is a retry value
/// (LoopData::retryPhis).
bool isRetryValue(const Value *v, const PHINode &header, const Loop &l, BuiltinOf builtinOf) {
  // What reaches the header on a back edge: the phi itself (unchanged), the value a CAS, an
  // RMW or a load of shared memory in the loop read, or a merge of those inside the loop (a failed
  // C11 compare_exchange stores what it read into `expected`, which mem2reg turns into such a
  // merge).
  SmallVector<const Value *, 8> work{v};
  SmallPtrSet<const Value *, 8> seen;
  while (!work.empty()) {
    const Value *x = work.pop_back_val();
    if (x == &header || !seen.insert(x).second)
      continue;
    auto *i = dyn_cast<Instruction>(x);
    if (!i || !l.contains(i))
      return false;
    if (auto *ev = dyn_cast<ExtractValueInst>(i)) {
      if (!isa<AtomicCmpXchgInst>(ev->getAggregateOperand()) || ev->getIndices()[0] != 0)
        return false;
    } else if (isa<AtomicRMWInst>(i)) {
      // the prior value an RMW of the loop read (a fetch_sub retried after its undo)
    } else if (auto *ld = dyn_cast<LoadInst>(i)) {
      // a load of shared memory in the loop (a queue's head read again, the value a dequeue
      // read): its value comes from a write of the graph, as a CAS's does; a local's does not
      if (isa<AllocaInst>(getUnderlyingObject(ld->getPointerOperand())))
        return false;
    } else if (auto *call = dyn_cast<CallBase>(i)) {
      auto *callee = call->getCalledFunction();
      if (!callee || builtinOf(*callee) != Builtin::ApiCas)
        return false;
    } else if (auto *p = dyn_cast<PHINode>(i)) {
      for (const Value *in : p->incoming_values())
        work.push_back(in);
    } else if (auto *c = dyn_cast<CastInst>(i)) {
      work.push_back(c->getOperand(0));
    } else if (auto *s = dyn_cast<SelectInst>(i)) {
      work.push_back(s->getTrueValue());
      work.push_back(s->getFalseValue());
    } else {
      return false;
    }
  }
  return true;
}

/// The values of `f` computed from a reading of the clock (time(), clock()), in registers.
SmallPtrSet<const Value *, 16> clockValues(const Function &f, BuiltinOf builtinOf) {
  SmallPtrSet<const Value *, 16> out;
  SmallVector<const Value *, 16> work;
  for (const Instruction &i : instructions(f))
    if (auto *call = dyn_cast<CallBase>(&i))
      if (auto *callee = call->getCalledFunction()) {
        std::optional<Builtin> b = builtinOf(*callee);
        if (b && (*b == Builtin::Clock || *b == Builtin::Time))
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
    LoopData ld{l, {}, clockMatters(*l, *fi.loops, clock, builtinOf)};
    SmallVector<BasicBlock *, 4> latches;
    l->getLoopLatches(latches);
    for (const PHINode &p : l->getHeader()->phis()) {
      bool retry = true;
      for (const BasicBlock *latch : latches)
        retry = retry && isRetryValue(p.getIncomingValueForBlock(latch), p, *l, builtinOf);
      ld.retryPhis.push_back(retry);
    }
    fi.loopOfHeader[l->getHeader()] = static_cast<uint32_t>(fi.loopData.size());
    fi.loopData.push_back(std::move(ld));
  }
}

} // namespace scopemc
