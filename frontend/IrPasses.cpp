#include "frontend/IrPasses.h"

#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>

namespace scopemc {

void foldConstantExpressions(llvm::Module &m) {
  const llvm::DataLayout &dl = m.getDataLayout();
  for (llvm::Function &f : m)
    for (llvm::Instruction &i : llvm::instructions(f))
      for (llvm::Use &op : i.operands()) {
        auto *ce = llvm::dyn_cast<llvm::ConstantExpr>(op.get());
        if (!ce)
          continue;
        llvm::Constant *folded = llvm::ConstantFoldConstant(ce, dl);
        if (folded && folded != ce && !llvm::isa<llvm::ConstantExpr>(folded))
          op.set(folded);
      }
}

void copyByValParameters(llvm::Module &m) {
  const llvm::DataLayout &dl = m.getDataLayout();
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
    for (llvm::Argument &a : f.args()) {
      llvm::Type *t = a.getParamByValType();
      if (!t || a.use_empty() || !t->isSized())
        continue;
      llvm::Align align = a.getParamAlign().valueOrOne();
      auto *copy = b.CreateAlloca(t, dl.getAllocaAddrSpace(), nullptr, a.getName() + ".copy");
      copy->setAlignment(std::max(align, dl.getPrefTypeAlign(t)));
      llvm::Value *local = copy;
      if (copy->getType() != a.getType()) // the parameter's address space
        local = b.CreateAddrSpaceCast(copy, a.getType());
      a.replaceAllUsesWith(local);
      b.CreateMemCpy(local, copy->getAlign(), &a, align, dl.getTypeAllocSize(t));
    }
  }
}

namespace {
bool atomicCapable(const llvm::DataLayout &dl, llvm::Type *t) {
  if (!t->isIntegerTy() && !t->isFloatingPointTy() && !t->isPointerTy())
    return false;
  uint64_t bits = dl.getTypeSizeInBits(t).getFixedValue();
  return bits == 8 || bits == 16 || bits == 32 || bits == 64;
}
} // namespace

void volatileAsRelaxedSystem(llvm::Module &device) {
  const llvm::DataLayout &dl = device.getDataLayout();
  auto relaxedSystem = [](auto *access) {
    access->setAtomic(llvm::AtomicOrdering::Monotonic, llvm::SyncScope::System);
  };
  for (llvm::Function &f : device)
    for (llvm::Instruction &i : llvm::instructions(f)) {
      auto *l = llvm::dyn_cast<llvm::LoadInst>(&i);
      auto *s = llvm::dyn_cast<llvm::StoreInst>(&i);
      if ((!l || !l->isVolatile()) && (!s || !s->isVolatile()))
        continue;
      if (i.isAtomic() || !atomicCapable(dl, llvm::getLoadStoreType(&i)))
        continue;
      if (l)
        relaxedSystem(l);
      else
        relaxedSystem(s);
    }
}

bool isStreamOutput(llvm::StringRef name) {
  if (!name.starts_with("_ZSt") && !name.starts_with("_ZNSo") && !name.starts_with("_ZNSt"))
    return false;
  std::string d = llvm::demangle(name.str());
  for (const char *p : {"std::basic_ostream<", "std::ostream::", "std::operator<<", "std::endl<",
                        "std::flush<", "std::ends<", "std::__ostream_insert<"})
    if (llvm::StringRef(d).starts_with(p))
      return true;
  // the return type comes first in a template's demangled name
  for (const char *p : {"std::basic_ostream<char, std::char_traits<char>>& std::operator<<",
                        "std::basic_ostream<char, std::char_traits<char>>& std::endl",
                        "std::basic_ostream<char, std::char_traits<char>>& std::flush",
                        "std::basic_ostream<char, std::char_traits<char>>& std::__ostream_insert"})
    if (llvm::StringRef(d).starts_with(p))
      return true;
  return false;
}

void dropStreamOutputBodies(llvm::Module &m) {
  for (llvm::Function &f : m)
    if (!f.isDeclaration() && isStreamOutput(f.getName())) {
      f.deleteBody();
      f.setComdat(nullptr);
      f.setLinkage(llvm::GlobalValue::ExternalLinkage);
    }
}

namespace {

/// The compare-and-swap a `__VERIFIER_ret_CAS()` call applies to: the next one on the
/// straight-line path after the call.
llvm::AtomicCmpXchgInst *casAfter(llvm::CallInst &call) {
  llvm::BasicBlock *bb = call.getParent();
  llvm::BasicBlock::iterator it = std::next(call.getIterator());
  for (int blocks = 0; bb && blocks < 8; ++blocks) {
    for (; it != bb->end(); ++it)
      if (auto *cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&*it))
        return cas;
    bb = bb->getSingleSuccessor();
    if (bb)
      it = bb->begin();
  }
  return nullptr;
}

} // namespace

/// GPUMC's `__VERIFIER_ret_CAS()`: the next compare-and-swap returns the value it read (as
/// PTX atom.cas does) instead of C11's success flag. Clang turns the flag into the result
/// through a _Bool (zext to i8, trunc to i1); each use of that i1 gets the old value
/// instead: widened or narrowed where it becomes an integer, compared with zero where it is
/// a condition.
void applyRetCas(llvm::Module &m) {
  llvm::Function *marker = m.getFunction("__VERIFIER_ret_CAS");
  if (!marker)
    return;
  for (llvm::User *u : marker->users()) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(u);
    llvm::AtomicCmpXchgInst *cas = call ? casAfter(*call) : nullptr;
    if (!cas)
      continue;
    llvm::SmallVector<llvm::Instruction *, 8> flags; // the success flag and its _Bool copies
    for (llvm::User *eu : cas->users())
      if (auto *ev = llvm::dyn_cast<llvm::ExtractValueInst>(eu); ev && ev->getIndices()[0] == 1)
        for (llvm::User *zu : ev->users())
          if (auto *z = llvm::dyn_cast<llvm::ZExtInst>(zu))
            for (llvm::User *tu : z->users())
              if (auto *t = llvm::dyn_cast<llvm::TruncInst>(tu); t && t->getType()->isIntegerTy(1))
                flags.push_back(t);
    for (llvm::Instruction *flag : flags) {
      llvm::IRBuilder<> b(flag->getNextNode());
      llvm::Value *old = b.CreateExtractValue(cas, 0, "retcas.old");
      llvm::SmallVector<llvm::Use *, 8> uses;
      for (llvm::Use &use : flag->uses())
        uses.push_back(&use);
      for (llvm::Use *use : uses) {
        auto *user = llvm::cast<llvm::Instruction>(use->getUser());
        if (user == old)
          continue;
        if (llvm::isa<llvm::ZExtInst>(user) || llvm::isa<llvm::SExtInst>(user)) {
          llvm::IRBuilder<> ub(user);
          user->replaceAllUsesWith(ub.CreateZExtOrTrunc(old, user->getType(), "retcas.int"));
        } else {
          use->set(b.CreateICmpNE(old, llvm::ConstantInt::get(old->getType(), 0), "retcas.nz"));
        }
      }
    }
  }
}

} // namespace scopemc
