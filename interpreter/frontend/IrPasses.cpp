#include "interpreter/frontend/IrPasses.h"

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

} // namespace scopemc
