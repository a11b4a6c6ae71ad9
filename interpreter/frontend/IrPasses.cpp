#include "interpreter/frontend/IrPasses.h"

#include <llvm/Analysis/ConstantFolding.h>
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

} // namespace scopemc
