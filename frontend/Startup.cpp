#include "frontend/Startup.h"

#include <algorithm>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>

namespace scopemc {
namespace {

/// The functions of llvm.global_ctors or llvm.global_dtors with their priorities, in the
/// order they are listed.
std::vector<std::pair<uint64_t, llvm::Function *>> listed(llvm::Module &m, const char *name) {
  std::vector<std::pair<uint64_t, llvm::Function *>> out;
  auto *gv = m.getGlobalVariable(name);
  auto *init = gv && gv->hasInitializer()
                   ? llvm::dyn_cast<llvm::ConstantArray>(gv->getInitializer())
                   : nullptr;
  if (!init)
    return out;
  for (const llvm::Use &op : init->operands()) {
    auto *entry = llvm::dyn_cast<llvm::ConstantStruct>(op.get());
    if (!entry || entry->getNumOperands() < 2)
      continue;
    auto *prio = llvm::dyn_cast<llvm::ConstantInt>(entry->getOperand(0));
    auto *fn = llvm::dyn_cast<llvm::Function>(entry->getOperand(1)->stripPointerCasts());
    if (prio && fn && fn->arg_empty())
      out.emplace_back(prio->getZExtValue(), fn);
  }
  return out;
}

/// main's arguments: argc, then argv (argv.size() modifiable strings and a null), then envp
/// (an empty list); a parameter of another type gets zero.
std::vector<llvm::Value *> mainArguments(llvm::Module &m, llvm::Function &main,
                                         const std::vector<std::string> &argv) {
  auto &ctx = m.getContext();
  auto *ptr = llvm::PointerType::getUnqual(ctx);
  auto global = [&](llvm::Constant *init, const std::string &name) {
    return new llvm::GlobalVariable(m, init->getType(), false, llvm::GlobalValue::InternalLinkage,
                                    init, name);
  };
  std::vector<llvm::Constant *> strings;
  for (size_t k = 0; k < argv.size(); ++k)
    strings.push_back(global(llvm::ConstantDataArray::getString(ctx, argv[k]),
                             "__scopemc_argv" + std::to_string(k)));
  strings.push_back(llvm::ConstantPointerNull::get(ptr));
  auto *table = llvm::ArrayType::get(ptr, strings.size());
  llvm::Constant *list[] = {global(llvm::ConstantArray::get(table, strings), "__scopemc_argv"),
                            global(llvm::ConstantArray::get(llvm::ArrayType::get(ptr, 1),
                                                            {llvm::ConstantPointerNull::get(ptr)}),
                                   "__scopemc_envp")};
  std::vector<llvm::Value *> args;
  for (llvm::Argument &a : main.args()) {
    llvm::Type *t = a.getType();
    if (a.getArgNo() == 0 && t->isIntegerTy())
      args.push_back(llvm::ConstantInt::get(t, argv.size()));
    else if (a.getArgNo() <= 2 && a.getArgNo() > 0 && t->isPointerTy())
      args.push_back(list[a.getArgNo() - 1]);
    else
      args.push_back(llvm::Constant::getNullValue(t));
  }
  return args;
}

constexpr unsigned kAtExitSlots = 64; // registrations past these fail (return -1)

/// Defines `name` (atexit or __cxa_atexit, when the module declares it without a body) as a
/// registration into the two tables: the function and its argument (null for atexit).
void defineAtExit(llvm::Module &m, const char *name, llvm::GlobalVariable *fns,
                  llvm::GlobalVariable *args, llvm::GlobalVariable *count) {
  llvm::Function *f = m.getFunction(name);
  if (!f || !f->isDeclaration() || f->arg_empty() || !f->getReturnType()->isIntegerTy())
    return;
  auto &ctx = m.getContext();
  auto *i32 = llvm::Type::getInt32Ty(ctx);
  auto *ptr = llvm::PointerType::getUnqual(ctx);
  f->setLinkage(llvm::GlobalValue::InternalLinkage);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
  auto *store = llvm::BasicBlock::Create(ctx, "store", f);
  auto *full = llvm::BasicBlock::Create(ctx, "full", f);
  llvm::Value *n = b.CreateLoad(i32, count);
  b.CreateCondBr(b.CreateICmpULT(n, b.getInt32(kAtExitSlots)), store, full);
  b.SetInsertPoint(full);
  b.CreateRet(llvm::ConstantInt::get(f->getReturnType(), -1, true));
  b.SetInsertPoint(store);
  llvm::Value *arg = f->arg_size() >= 2 ? static_cast<llvm::Value *>(f->getArg(1))
                                        : llvm::ConstantPointerNull::get(ptr);
  b.CreateStore(f->getArg(0), b.CreateInBoundsGEP(fns->getValueType(), fns, {b.getInt32(0), n}));
  b.CreateStore(arg, b.CreateInBoundsGEP(args->getValueType(), args, {b.getInt32(0), n}));
  b.CreateStore(b.CreateAdd(n, b.getInt32(1)), count);
  b.CreateRet(llvm::ConstantInt::get(f->getReturnType(), 0));
}

} // namespace

std::string addStartupEntry(llvm::Module &m, const std::vector<std::string> &argv) {
  llvm::Function *main = m.getFunction("main");
  auto ctors = listed(m, "llvm.global_ctors");
  auto dtors = listed(m, "llvm.global_dtors");
  bool atExit = (m.getFunction("atexit") && m.getFunction("atexit")->isDeclaration()) ||
                (m.getFunction("__cxa_atexit") && m.getFunction("__cxa_atexit")->isDeclaration());
  if (!main || main->isDeclaration() ||
      (ctors.empty() && dtors.empty() && !atExit && main->arg_empty()))
    return "main";
  // Equal priorities keep their order of appearance (stable sorts).
  std::stable_sort(ctors.begin(), ctors.end(), [](auto &a, auto &b) { return a.first < b.first; });
  std::stable_sort(dtors.begin(), dtors.end(), [](auto &a, auto &b) { return a.first > b.first; });
  auto *start = llvm::Function::Create(llvm::FunctionType::get(main->getReturnType(), false),
                                       llvm::GlobalValue::InternalLinkage, kStartupEntry, m);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(m.getContext(), "entry", start));
  for (auto &[prio, fn] : ctors)
    b.CreateCall(fn->getFunctionType(), fn);
  llvm::CallInst *ret = b.CreateCall(main->getFunctionType(), main, mainArguments(m, *main, argv));
  if (atExit) { // the registered functions, the latest first
    auto &ctx = m.getContext();
    auto *i32 = llvm::Type::getInt32Ty(ctx);
    auto *ptr = llvm::PointerType::getUnqual(ctx);
    auto *table = llvm::ArrayType::get(ptr, kAtExitSlots);
    auto global = [&](llvm::Type *t, const char *name) {
      return new llvm::GlobalVariable(m, t, false, llvm::GlobalValue::InternalLinkage,
                                      llvm::Constant::getNullValue(t), name);
    };
    auto *fns = global(table, "__scopemc_atexit_functions");
    auto *args = global(table, "__scopemc_atexit_arguments");
    auto *count = global(i32, "__scopemc_atexit_count");
    defineAtExit(m, "atexit", fns, args, count);
    defineAtExit(m, "__cxa_atexit", fns, args, count);
    auto *loop = llvm::BasicBlock::Create(ctx, "atexit", start);
    auto *body = llvm::BasicBlock::Create(ctx, "atexit.call", start);
    auto *done = llvm::BasicBlock::Create(ctx, "atexit.done", start);
    b.CreateBr(loop);
    b.SetInsertPoint(loop);
    llvm::Value *n = b.CreateLoad(i32, count);
    b.CreateCondBr(b.CreateICmpEQ(n, b.getInt32(0)), done, body);
    b.SetInsertPoint(body);
    llvm::Value *k = b.CreateSub(n, b.getInt32(1));
    b.CreateStore(k, count);
    llvm::Value *fn = b.CreateLoad(ptr, b.CreateInBoundsGEP(table, fns, {b.getInt32(0), k}));
    llvm::Value *arg = b.CreateLoad(ptr, b.CreateInBoundsGEP(table, args, {b.getInt32(0), k}));
    // atexit's functions take no argument: calling them with a null one is harmless here
    b.CreateCall(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr}, false), fn, {arg});
    b.CreateBr(loop);
    b.SetInsertPoint(done);
  }
  for (auto &[prio, fn] : dtors)
    b.CreateCall(fn->getFunctionType(), fn);
  llvm::Instruction *end =
      start->getReturnType()->isVoidTy() ? b.CreateRetVoid() : b.CreateRet(ret);
  // The program ends here: reports of its end (a non-zero exit status) name main's return
  // when main has one.
  const llvm::Instruction *mainRet = nullptr;
  unsigned rets = 0;
  for (llvm::BasicBlock &bb : *main)
    if (auto *r = llvm::dyn_cast<llvm::ReturnInst>(bb.getTerminator()); r && ++rets == 1)
      mainRet = r;
  if (rets == 1 && mainRet->getDebugLoc())
    end->setDebugLoc(mainRet->getDebugLoc());
  return kStartupEntry;
}

} // namespace scopemc
