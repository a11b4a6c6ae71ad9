#include "interpreter/CallHost.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Metadata.h>

namespace scopemc {

using namespace llvm;

RtValue CallHost::get(const CallFrame &f, const Value *v) const {
  if (auto *c = dyn_cast<Constant>(v))
    return prog_.constantValue(c);
  if (isa<MetadataAsValue>(v) || isa<InlineAsm>(v))
    return RtValue{};
  return reg(f, v);
}

uint64_t CallHost::bits(const CallFrame &f, const Value *v) const {
  if (auto *ci = dyn_cast<ConstantInt>(v))
    return ci->getBitWidth() <= 64 ? ci->getZExtValue() : constantBits(prog_, ci);
  if (auto *c = dyn_cast<Constant>(v))
    return constantBits(prog_, c);
  return reg(f, v).bits;
}

} // namespace scopemc
