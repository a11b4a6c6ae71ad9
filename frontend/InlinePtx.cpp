// PTX inline assembly that reads a lane register becomes a thread query (IrPasses.h).
#include <array>
#include <string>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>

#include "frontend/IdQuery.h"
#include "frontend/IrPasses.h"

namespace scopemc {

namespace {

/// The lane registers of PTX, in the order of idq::kLane.. (IdQuery.h).
constexpr std::array<const char *, 6> kLaneRegisters = {
    "%laneid", "%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge", "%lanemask_eq"};

/// Which lane register `asm` moves into its one output, if it does nothing else: "mov.u32
/// $0, %laneid;" (Clang's spelling of `asm("mov.u32 %0, %%laneid;" : "=r"(x))`), also as
/// .b32 or .s32, with any spacing.
std::optional<unsigned> laneRegisterRead(const llvm::InlineAsm &a) {
  if (a.getConstraintString() != "=r")
    return std::nullopt;
  std::string s;
  for (char c : a.getAsmString())
    if (c != ' ' && c != '\t' && c != '\n')
      s += c;
  if (!s.empty() && s.back() == ';')
    s.pop_back();
  for (const char *mov : {"mov.u32$0,", "mov.b32$0,", "mov.s32$0,"}) {
    if (s.rfind(mov, 0) != 0)
      continue;
    std::string reg = s.substr(std::string(mov).size());
    for (unsigned k = 0; k < kLaneRegisters.size(); ++k)
      if (reg == kLaneRegisters[k])
        return k;
  }
  return std::nullopt;
}

} // namespace

void laneRegistersAsQueries(llvm::Module &device) {
  llvm::LLVMContext &ctx = device.getContext();
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  llvm::FunctionCallee query =
      device.getOrInsertFunction("__scopemc_id", llvm::FunctionType::get(i32, {i32}, false));
  std::vector<std::pair<llvm::CallInst *, unsigned>> reads;
  for (llvm::Function &f : device)
    for (llvm::BasicBlock &bb : f)
      for (llvm::Instruction &i : bb)
        if (auto *c = llvm::dyn_cast<llvm::CallInst>(&i);
            c && c->isInlineAsm() && c->getType() == i32)
          if (auto k = laneRegisterRead(*llvm::cast<llvm::InlineAsm>(c->getCalledOperand())))
            reads.push_back({c, *k});
  for (auto [c, k] : reads) {
    llvm::IRBuilder<> b(c);
    llvm::CallInst *q = b.CreateCall(query, {b.getInt32(static_cast<uint32_t>(idq::kLane + k))});
    q->setDebugLoc(c->getDebugLoc());
    c->replaceAllUsesWith(q);
    c->eraseFromParent();
  }
}

} // namespace scopemc
