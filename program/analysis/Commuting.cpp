#include "program/analysis/Commuting.h"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace scopemc {

bool pureValue(const Instruction &u) {
  if (auto *b = dyn_cast<BinaryOperator>(&u)) {
    switch (b->getOpcode()) {
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
      return false;
    default:
      return true;
    }
  }
  return isa<CastInst>(u) || isa<CmpInst>(u) || isa<SelectInst>(u) || isa<ExtractValueInst>(u) ||
         isa<InsertValueInst>(u) || isa<GetElementPtrInst>(u) || isa<FreezeInst>(u);
}

bool resultUnused(const Instruction &i) {
  SmallVector<const Instruction *, 8> work{&i};
  SmallPtrSet<const Instruction *, 8> seen{&i};
  while (!work.empty()) {
    const Instruction *v = work.pop_back_val();
    for (const User *u : v->users()) {
      auto *ui = dyn_cast<Instruction>(u);
      if (!ui || !pureValue(*ui))
        return false;
      if (seen.insert(ui).second)
        work.push_back(ui);
    }
  }
  return true;
}

bool mayFenceSc(const Module &m, BuiltinOf builtinOf) {
  for (const Function &f : m)
    for (const Instruction &i : instructions(f)) {
      if (auto *fi = dyn_cast<FenceInst>(&i)) {
        if (fi->getOrdering() == AtomicOrdering::SequentiallyConsistent)
          return true;
        continue;
      }
      auto *c = dyn_cast<CallBase>(&i);
      if (!c)
        continue;
      const Function *callee = calledFunction(*c);
      if (!callee) {
        if (!c->isInlineAsm())
          return true; // an indirect call may reach a fence builtin with any order
        continue;
      }
      auto b = builtinOf(*callee);
      if (!b || (*b != Builtin::ApiFence && *b != Builtin::ApiFenceFences))
        continue;
      auto *order = c->arg_size() > 0 ? dyn_cast<ConstantInt>(c->getArgOperand(0)) : nullptr;
      if (!order || order->getZExtValue() == 5) // __ATOMIC_SEQ_CST
        return true;
    }
  return false;
}

} // namespace scopemc
