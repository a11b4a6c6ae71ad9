// The scalar leaves of a value in memory: how loads, stores and kernel parameters split an
// aggregate into the scalars the interpreter keeps.
//
// Contract: header only, no state. fn(address, store size, leaf) is called once per scalar
// leaf, in increasing address order, padding skipped; `v` is shaped to the type on the way
// (each aggregate's elems resized to its count, values already there kept) and fn may read or
// set the leaf. `ty` must be sized and of fixed size. Vector elements are taken at their
// allocation size apart, as array elements are: LLVM's layout only for elements of whole
// bytes (a vector of i1 is bit-packed in memory).
#pragma once

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include "program/Program.h"

namespace scopemc {

/// Visits the scalar leaves of a value of type `ty` stored at `a`, in layout order, with the
/// matching element of `v` (created when missing). Stops at the first leaf whose visit does
/// not answer `cont`.
template <typename Flow, typename Fn>
Flow forEachLeaf(const llvm::DataLayout &dl, llvm::Type *ty, uint64_t a, RtValue &v, Flow cont,
                 Fn &&fn) {
  if (auto *st = llvm::dyn_cast<llvm::StructType>(ty)) {
    const llvm::StructLayout *sl = dl.getStructLayout(st);
    v.elems.resize(st->getNumElements());
    for (unsigned k = 0; k < st->getNumElements(); ++k)
      if (Flow fl = forEachLeaf(dl, st->getElementType(k), a + sl->getElementOffset(k), v.elems[k],
                                cont, fn);
          fl != cont)
        return fl;
    return cont;
  }
  if (ty->isArrayTy() || ty->isVectorTy()) {
    llvm::Type *et = ty->isArrayTy() ? ty->getArrayElementType()
                                     : llvm::cast<llvm::VectorType>(ty)->getElementType();
    unsigned n = ty->isArrayTy() ? static_cast<unsigned>(ty->getArrayNumElements())
                                 : llvm::cast<llvm::FixedVectorType>(ty)->getNumElements();
    v.elems.resize(n);
    for (unsigned k = 0; k < n; ++k)
      if (Flow fl = forEachLeaf(dl, et, a + k * dl.getTypeAllocSize(et), v.elems[k], cont, fn);
          fl != cont)
        return fl;
    return cont;
  }
  return fn(a, static_cast<uint32_t>(dl.getTypeStoreSize(ty)), v);
}

} // namespace scopemc
