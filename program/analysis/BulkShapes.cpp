// How bulk operations (memset, memcpy, memmove, struct copies) are split into accesses: at the
// granularity the memory is used with, so that later element accesses have the same size
// (mixed-size accesses are refused). A global's pieces follow its type; stack and heap memory
// follow what the IR says of the operand at the call: the allocated type of the stack object
// it points into, else the types the function indexes or accesses it with, else its alignment.
#include "program/analysis/BulkShapes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

namespace scopemc {

using namespace llvm;

Grain grainIn(const DataLayout &dl, Type *ty, uint64_t off) {
  // Walk down to the scalar holding byte `off` of an object of type `ty` (an array of them
  // when `off` is past its end): [leaf, leaf + leafSize).
  if (uint64_t whole = dl.getTypeAllocSize(ty); whole && off >= whole)
    off %= whole;
  uint64_t leaf = 0, leafSize = dl.getTypeAllocSize(ty);
  while (ty->isStructTy() || ty->isArrayTy()) {
    if (auto *st = dyn_cast<StructType>(ty)) {
      const StructLayout *sl = dl.getStructLayout(st);
      if (off - leaf >= sl->getSizeInBytes())
        return {1, true};
      unsigned k = sl->getElementContainingOffset(off - leaf);
      Type *et = st->getElementType(k);
      uint64_t eoff = leaf + sl->getElementOffset(k), esize = dl.getTypeStoreSize(et);
      if (off >= eoff + esize)
        return {1, true}; // padding
      leaf = eoff;
      leafSize = esize;
      ty = et;
    } else {
      Type *et = ty->getArrayElementType();
      uint64_t esize = dl.getTypeAllocSize(et);
      if (esize == 0)
        return {1, false};
      leaf += (off - leaf) / esize * esize;
      leafSize = dl.getTypeStoreSize(et);
      ty = et;
    }
  }
  uint32_t g = 8;
  while (g > 1 && (off % g || off + g > leaf + leafSize))
    g /= 2;
  return {g, false};
}

namespace {
Type *typeLoadedFrom(const GlobalVariable &gv);
Type *typeUsedWith(const Value *p, bool followGlobals);

/// The type a defined callee uses its parameter with where call `cb` passes `p` (one level;
/// a CUDA kernel's stub stands for its kernel: a buffer the host fills is typed by the kernel).
Type *typeInCallee(const CallBase &cb, const Value *p) {
  const Function *callee = calledFunction(cb);
  if (callee && !callee->isDeclaration())
    callee = launchedKernel(*callee);
  if (!callee || callee->isDeclaration())
    return nullptr;
  for (unsigned k = 0; k < cb.arg_size() && k < callee->arg_size(); ++k)
    if (cb.getArgOperand(k) == p)
      if (Type *t = typeUsedWith(callee->getArg(k), false))
        return t;
  return nullptr;
}

/// The type the program indexes or accesses pointer `p` with: a struct a GEP starts from wins
/// (its layout covers every field), else the first scalar or array type seen other than
/// `char` (byte arithmetic: `qsort` and `memcpy` implementations view any object so), else
/// `char`. A pointer stored into a global is followed to the loads of that global (one level:
/// `g = p;` in main, `g->field` in a thread).
Type *typeUsedWith(const Value *p, bool followGlobals) {
  Type *seen = nullptr;
  auto consider = [&](Type *t) { // (a char view, byte arithmetic included, is the weakest)
    if (t && t->isSized() &&
        (!seen || (t->isStructTy() && !seen->isStructTy()) ||
         (seen->isIntegerTy(8) && !t->isIntegerTy(8))))
      seen = t;
  };
  for (const User *u : p->users()) {
    if (auto *g = dyn_cast<GEPOperator>(u); g && g->getPointerOperand() == p)
      consider(g->getSourceElementType());
    else if (auto *l = dyn_cast<LoadInst>(u))
      consider(l->getType());
    else if (auto *st = dyn_cast<StoreInst>(u); st && st->getPointerOperand() == p)
      consider(st->getValueOperand()->getType());
    else if (auto *st = dyn_cast<StoreInst>(u); st && followGlobals)
      if (auto *gv = dyn_cast<GlobalVariable>(st->getPointerOperand()->stripPointerCasts()))
        consider(typeLoadedFrom(*gv));
    if (auto *cb = dyn_cast<CallBase>(u); cb && followGlobals)
      consider(typeInCallee(*cb, p));
    if (seen && seen->isStructTy())
      return seen;
  }
  // A pointer loaded from a global: what the other loads of that global are used with.
  if (auto *l = dyn_cast<LoadInst>(p); l && followGlobals && !(seen && seen->isStructTy()))
    if (auto *gv = dyn_cast<GlobalVariable>(l->getPointerOperand()->stripPointerCasts()))
      consider(typeLoadedFrom(*gv));
  return seen;
}

/// The type the pointers loaded from global `gv` are used with (typeUsedWith, one level).
Type *typeLoadedFrom(const GlobalVariable &gv) {
  Type *seen = nullptr;
  for (const User *gu : gv.users())
    if (auto *l = dyn_cast<LoadInst>(gu); l && l->getType()->isPointerTy())
      if (Type *t = typeUsedWith(l, false);
          t && (!seen || (t->isStructTy() && !seen->isStructTy())))
        seen = t;
  return seen;
}

BulkShape shapeOf(const Value *p, MaybeAlign align) {
  BulkShape s;
  s.align = align ? static_cast<uint32_t>(align->value()) : 0;
  const Value *obj = getUnderlyingObject(p);
  if (auto *ai = dyn_cast<AllocaInst>(obj); ai && ai->getAllocatedType()->isSized()) {
    s.type = ai->getAllocatedType();
    s.base = ai;
    return s;
  }
  const Value *q = p->stripPointerCasts();
  s.type = typeUsedWith(q, true);
  if (!s.type && obj != q)
    if ((s.type = typeUsedWith(obj, true)))
      q = obj;
  s.base = s.type ? q : nullptr;
  return s;
}
} // namespace

void findBulkShapes(const Function &f, BuiltinOf builtinOf, BulkShapes &out) {
  for (const Instruction &i : instructions(f)) {
    auto *call = dyn_cast<CallBase>(&i);
    const Function *callee = call ? calledFunction(*call) : nullptr;
    if (!callee)
      continue;
    Intrinsic::ID id = callee->getIntrinsicID();
    std::optional<Builtin> b = builtinOf(*callee);
    bool set = id == Intrinsic::memset || b == Builtin::Memset;
    bool copy = id == Intrinsic::memcpy || id == Intrinsic::memmove || b == Builtin::Memcpy ||
                b == Builtin::Memcmp; // (two operands read in pieces)
    if (b == Builtin::File) {         // fread's buffer, fscanf's variables...
      for (unsigned k = 0; k < call->arg_size(); ++k)
        if (call->getArgOperand(k)->getType()->isPointerTy())
          out[{&i, k}] = shapeOf(call->getArgOperand(k), call->getParamAlign(k));
      continue;
    }
    if (!set && !copy)
      continue;
    // a call through an unprototyped declaration with too few or wrong arguments is refused
    // by validate(), which runs later
    if (call->arg_size() < 3 || !call->getArgOperand(0)->getType()->isPointerTy() ||
        (copy && !call->getArgOperand(1)->getType()->isPointerTy()))
      continue;
    out[{&i, 0}] = shapeOf(call->getArgOperand(0), call->getParamAlign(0));
    if (copy)
      out[{&i, 1}] = shapeOf(call->getArgOperand(1), call->getParamAlign(1));
  }
}

} // namespace scopemc
