// Where a thread's code accesses memory others share (Symmetry.h, footprintOf): the loads,
// stores, RMWs and memory builtins of the functions it may run, found once per function.
#include <set>

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

#include "program/Symmetry.h"
#include "program/analysis/CallGraph.h"

namespace scopemc {

using namespace llvm;

const SymmetryAnalysis::AccessSites &SymmetryAnalysis::accessSites(const Function &f) const {
  auto it = accessSites_.find(&f);
  if (it == accessSites_.end())
    it = accessSites_.emplace(&f, findAccessSites(f)).first;
  return it->second;
}

SymmetryAnalysis::AccessSites SymmetryAnalysis::findAccessSites(const Function &entry) const {
  auto fns = reachableFunctions(entry);
  if (!fns)
    return std::nullopt;
  const DataLayout &dl = prog_.dataLayout();
  std::vector<AccessSite> sites;
  auto add = [&](const Value *p, Type *t, bool writes) {
    // A private local's accesses make no events (Memory.cpp): no other thread sees them.
    if (auto *a = dyn_cast<AllocaInst>(getUnderlyingObject(p)); a && prog_.isPrivate(a))
      return true;
    TypeSize n = dl.getTypeStoreSize(t);
    if (n.isScalable())
      return false;
    sites.push_back(AccessSite{.address = p, .size = n.getFixedValue(), .writes = writes});
    return true;
  };
  for (const Function *f : *fns)
    for (const Instruction &i : instructions(*f)) {
      size_t before = sites.size();
      bool known = true;
      if (auto *ld = dyn_cast<LoadInst>(&i))
        known = add(ld->getPointerOperand(), ld->getType(), false);
      else if (auto *st = dyn_cast<StoreInst>(&i))
        known = add(st->getPointerOperand(), st->getValueOperand()->getType(), true);
      else if (auto *r = dyn_cast<AtomicRMWInst>(&i))
        known = add(r->getPointerOperand(), r->getValOperand()->getType(), true);
      else if (auto *x = dyn_cast<AtomicCmpXchgInst>(&i))
        known = add(x->getPointerOperand(), x->getNewValOperand()->getType(), true);
      else if (auto *c = dyn_cast<CallBase>(&i))
        known = callAccessSites(*c, sites);
      else
        known = !i.mayReadOrWriteMemory();
      if (!known)
        return std::nullopt;
      for (size_t k = before; k < sites.size(); ++k)
        sites[k].at = &i;
    }
  return sites;
}

bool SymmetryAnalysis::callAccessSites(const CallBase &c, std::vector<AccessSite> &sites) const {
  if (isa<DbgInfoIntrinsic>(c) || isa<LifetimeIntrinsic>(c))
    return true;
  if (auto *m = dyn_cast<AnyMemIntrinsic>(&c)) {
    sites.push_back(AccessSite{m->getRawDest(), 0, m->getLength()});
    if (auto *t = dyn_cast<AnyMemTransferInst>(m))
      sites.push_back(AccessSite{
          .address = t->getRawSource(), .size = 0, .length = t->getLength(), .writes = false});
    return true;
  }
  if (c.getIntrinsicID() != Intrinsic::not_intrinsic)
    return !c.mayReadOrWriteMemory();
  const Function *callee = calledFunction(c);
  if (!callee)
    return false; // inline assembly
  if (!callee->isDeclaration())
    return true; // its own instructions are looked at
  auto b = prog_.builtinOf(callee);
  if (!b)
    return false;
  auto everything = [&] {
    sites.push_back(AccessSite{.address = nullptr, .size = 0, .everything = true});
    return true;
  };
  switch (traitsOf(*b).sites) {
  case BuiltinSites::None:
  case BuiltinSites::Allocate: // fresh memory
  case BuiltinSites::Runtime:  // the CUDA runtime's own state (interpreter/Cuda.cpp) and joins
    return true;
  case BuiltinSites::Spawn:        // (handle, attributes, routine, argument): writes the handle
  case BuiltinSites::JoinResult: { // (handle, result): writes the result, if asked for
    if (c.arg_size() < 2)
      return false;
    bool spawn = traitsOf(*b).sites == BuiltinSites::Spawn;
    // A thread it creates may access anything: so may the creator, for whoever asks what it
    // may still access (its children are not threads yet).
    if (spawn)
      everything();
    const Value *p = c.getArgOperand(spawn ? 0 : 1);
    if (isa<ConstantPointerNull>(p))
      return true;
    auto *a = dyn_cast<AllocaInst>(getUnderlyingObject(p));
    if (!a || !prog_.isPrivate(a))
      sites.push_back(AccessSite{p, 8});
    return true;
  }
  case BuiltinSites::Read: // (p, size, ...)
  case BuiltinSites::Update:
    if (c.arg_size() < 2)
      return false;
    sites.push_back(AccessSite{.address = c.getArgOperand(0),
                               .size = 0,
                               .length = c.getArgOperand(1),
                               .writes = traitsOf(*b).sites == BuiltinSites::Update});
    return true;
  case BuiltinSites::Copy:    // (dest, source, size)
  case BuiltinSites::Compare: // (a, b, size)
    if (c.arg_size() < 3)
      return false;
    sites.push_back(AccessSite{.address = c.getArgOperand(0),
                               .size = 0,
                               .length = c.getArgOperand(2),
                               .writes = traitsOf(*b).sites == BuiltinSites::Copy});
    sites.push_back(AccessSite{
        .address = c.getArgOperand(1), .size = 0, .length = c.getArgOperand(2), .writes = false});
    return true;
  case BuiltinSites::Fill: // (dest, byte, size)
    if (c.arg_size() < 3)
      return false;
    sites.push_back(AccessSite{c.getArgOperand(0), 0, c.getArgOperand(2)});
    return true;
  case BuiltinSites::Release: // (pointer): ends the block's life, writes nothing
    if (c.arg_size() < 1)
      return false;
    sites.push_back(AccessSite{.address = c.getArgOperand(0), .size = 1, .writes = false});
    return true;
  case BuiltinSites::Everything: // realloc's copy; a CUDA launch's threads and parameters
    return everything();
  case BuiltinSites::Opaque:
    return false;
  }
  return false;
}

std::optional<std::set<const BasicBlock *>> SymmetryAnalysis::liveCode(const Function &entry,
                                                                       const Evaluate &eval) const {
  std::set<const BasicBlock *> live;
  std::vector<const BasicBlock *> work{&entry.getEntryBlock()};
  std::set<const Function *> called;
  auto reach = [&](const BasicBlock *b) {
    if (live.insert(b).second)
      work.push_back(b);
  };
  live.insert(&entry.getEntryBlock());
  while (!work.empty()) {
    const BasicBlock *b = work.back();
    work.pop_back();
    for (const Instruction &i : *b)
      if (auto *c = dyn_cast<CallBase>(&i))
        if (const Function *callee = calledFunction(*c); callee && !callee->isDeclaration()) {
          if (callee == &entry)
            return std::nullopt;
          if (called.insert(callee).second)
            for (const BasicBlock &cb : *callee)
              reach(&cb);
        }
    const Instruction *t = b->getTerminator();
    std::optional<uint64_t> v;
    if (b->getParent() == &entry) {
      if (auto *br = dyn_cast<BranchInst>(t); br && br->isConditional())
        v = eval(br->getCondition());
      else if (auto *sw = dyn_cast<SwitchInst>(t))
        v = eval(sw->getCondition());
    }
    if (!v) {
      for (const BasicBlock *s : successors(b))
        reach(s);
    } else if (auto *br = dyn_cast<BranchInst>(t)) {
      reach(br->getSuccessor(*v & 1 ? 0 : 1));
    } else {
      auto *sw = cast<SwitchInst>(t);
      auto *ty = cast<IntegerType>(sw->getCondition()->getType());
      reach(sw->findCaseValue(ConstantInt::get(ty, *v & ty->getBitMask()))->getCaseSuccessor());
    }
  }
  return live;
}

} // namespace scopemc
