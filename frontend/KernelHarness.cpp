#include "frontend/KernelHarness.h"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IRBuilder.h>
#include <set>

#include "frontend/InputError.h"
#include "frontend/KernelArgs.h"

namespace scopemc {

using namespace llvm;

namespace {

/// The defined function called `name`, also when C++ mangled it (then its demangled name
/// without parameters must be `name`, and only one may match).
/// The function `name` (a C name or a C++ one without its parameters); `role` says what it is
/// for in messages.
Function *findFunction(Module &m, const std::string &name, const char *role) {
  if (Function *f = m.getFunction(name); f && !f->isDeclaration())
    return f;
  Function *found = nullptr;
  for (Function &f : m) {
    if (f.isDeclaration() || !f.getName().starts_with("_Z"))
      continue;
    std::string d = llvm::demangle(f.getName().str());
    if (d.substr(0, d.find('(')) != name)
      continue;
    if (found)
      throw InputError("the " + std::string(role) + " '" + name + "' names several functions (" +
                       llvm::demangle(found->getName().str()) + ", " + d + ")");
    found = &f;
  }
  return found;
}

std::string paramName(const Argument &a) {
  return a.hasName() ? a.getName().str() : "#" + std::to_string(a.getArgNo());
}

/// A zero-initialised buffer in the parameter's address space (3: one per block).
Constant *bufferFor(Module &m, const Function &k, const Argument &a, uint64_t bytes) {
  unsigned as = cast<PointerType>(a.getType())->getAddressSpace();
  auto *ty = ArrayType::get(Type::getInt8Ty(m.getContext()), bytes);
  auto *g = new GlobalVariable(m, ty, false, GlobalValue::InternalLinkage,
                               ConstantAggregateZero::get(ty), k.getName() + "." + paramName(a),
                               nullptr, GlobalValue::NotThreadLocal, as);
  g->setAlignment(Align(16));
  return g;
}

/// FILE:LINE: of function f's definition (from its debug info), or FILE: of the module.
std::string whereDefined(const Module &m, const Function *f) {
  if (f)
    if (const DISubprogram *sp = f->getSubprogram())
      return sp->getFilename().str() + ":" + std::to_string(sp->getLine()) + ": ";
  return m.getSourceFileName() + ": ";
}

Value *valueFor(Module &m, const Function &k, const Argument &a, const KernelOptions &o,
                std::set<std::string> &used) {
  if (a.getType()->isPointerTy() && !a.hasByValAttr())
    return bufferFor(m, k, a, o.bufferBytes);
  Constant *v = kernelArgumentValue(m, k, a, o, whereDefined(m, &k), &used);
  if (!a.hasByValAttr())
    return v;
  // a struct by value: the callee copies it from this global (copyByValParameters)
  auto *g = new GlobalVariable(
      m, v->getType(), true, GlobalValue::InternalLinkage, v, k.getName() + "." + paramName(a),
      nullptr, GlobalValue::NotThreadLocal, cast<PointerType>(a.getType())->getAddressSpace());
  g->setAlignment(Align(16));
  return g;
}

Function *postFunction(Module &m, const Function &k, const KernelOptions &o) {
  std::string name = o.post.empty() ? o.name + "_post" : o.post;
  Function *p = findFunction(m, name, "check after the kernel");
  if (!p) {
    if (o.post.empty())
      return nullptr;
    throw InputError(m.getSourceFileName() + ": the program defines no function '" + name +
                     "' (the check to run after the kernel)");
  }
  if (p->arg_size() != k.arg_size())
    throw InputError(whereDefined(m, p) + "the post function '" + name +
                     "' must take the same parameters as the kernel '" + o.name + "'");
  return p;
}

} // namespace

namespace {
/// "X", "XxY" or "XxYxZ" (positive numbers of at most 6 digits), or more parts when `parts`
/// allows; false when malformed.
bool parseExtents(const std::string &text, std::vector<uint32_t> &parts) {
  size_t start = 0;
  while (true) {
    size_t x = text.find('x', start);
    std::string part = text.substr(start, x == std::string::npos ? std::string::npos : x - start);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos ||
        part.size() > 6)
      return false;
    parts.push_back(static_cast<uint32_t>(std::stoul(part)));
    if (parts.back() == 0)
      return false;
    if (x == std::string::npos)
      return true;
    start = x + 1;
  }
}
Extent3 extentOf(const std::vector<uint32_t> &p) {
  return Extent3{p[0], p.size() > 1 ? p[1] : 1, p.size() > 2 ? p[2] : 1};
}
} // namespace

bool parseGrid(const std::string &text, KernelOptions &opts) {
  std::vector<uint32_t> grid, block;
  if (size_t colon = text.find(':'); colon != std::string::npos) {
    if (!parseExtents(text.substr(0, colon), grid) ||
        !parseExtents(text.substr(colon + 1), block) || grid.size() > 3 || block.size() > 3)
      return false;
    opts.devices = 1;
    opts.grid = extentOf(grid);
    opts.block = extentOf(block);
    return true;
  }
  if (!parseExtents(text, grid) || grid.size() < 2 || grid.size() > 3)
    return false;
  if (grid.size() == 2)
    grid.insert(grid.begin(), 1);
  opts.devices = grid[0];
  opts.grid = Extent3{grid[1], 1, 1};
  opts.block = Extent3{grid[2], 1, 1};
  return true;
}

std::string gridBeyondLimits(const KernelOptions &o) {
  uint64_t threads = o.grid.count() * o.block.count();
  if (o.devices > kMaxDevices)
    return "at most " + std::to_string(kMaxDevices) + " devices";
  if (o.grid.count() > kMaxBlocksPerLauncher)
    return "at most " + std::to_string(kMaxBlocksPerLauncher) + " blocks";
  if (threads > kMaxLaunchThreads)
    return "at most " + std::to_string(kMaxLaunchThreads) +
           " threads per device (blocks x threads)";
  return {};
}

void addKernelHarness(Module &m, const KernelOptions &o) {
  Function *k = findFunction(m, o.name, "kernel");
  if (!k)
    throw InputError(m.getSourceFileName() + ": the program defines no function '" + o.name +
                     "' (the kernel to run)");
  if (!k->getReturnType()->isVoidTy())
    throw InputError(whereDefined(m, k) + "the kernel '" + o.name + "' must return void");
  LLVMContext &ctx = m.getContext();
  KernelOptions opts = o;
  if (opts.bufferBytes == 0)
    opts.bufferBytes =
        std::max<uint64_t>(4096, 64ull * opts.devices * opts.grid.count() * opts.block.count());
  std::vector<Value *> args;
  std::set<std::string> used;
  for (const Argument &a : k->args())
    args.push_back(valueFor(m, *k, a, opts, used));
  // An --arg that gave no value (a typo, a pointer parameter, a struct given as one number)
  // would otherwise be ignored silently.
  for (auto &[name, value] : o.args)
    if (!used.count(name)) {
      std::string valued;
      for (const Argument &a : k->args())
        if (!a.getType()->isPointerTy() || a.hasByValAttr())
          valued += (valued.empty() ? "" : ", ") + paramName(a);
      throw InputError(whereDefined(m, k) + "--arg " + name + "=" + value +
                       " gives no value to the kernel '" + o.name + "': " +
                       (valued.empty() ? std::string("it has no parameter that takes one")
                                       : "the parameters that take one are " + valued +
                                             " (a struct's fields as NAME.FIELD)"));
    }
  Function *post = postFunction(m, *k, o);

  Type *i32 = Type::getInt32Ty(ctx);
  auto *ptr = PointerType::get(ctx, 0);
  // void __scopemc_kernel_entry(ptr): what every kernel thread runs
  auto *entry = Function::Create(FunctionType::get(Type::getVoidTy(ctx), {ptr}, false),
                                 GlobalValue::InternalLinkage, "__scopemc_kernel_entry", m);
  IRBuilder<> b(BasicBlock::Create(ctx, "", entry));
  b.CreateCall(k, args)->setCallingConv(k->getCallingConv());
  b.CreateRetVoid();

  FunctionCallee launch = m.getOrInsertFunction(
      "__scopemc_launch",
      FunctionType::get(i32, {ptr, ptr, i32, i32, i32, i32, i32, i32, i32}, false));
  FunctionCallee wait = m.getOrInsertFunction(
      "__scopemc_wait", FunctionType::get(Type::getVoidTy(ctx), {i32}, false));
  auto *host = Function::Create(FunctionType::get(i32, {}, false), GlobalValue::ExternalLinkage,
                                kKernelHostEntry, m);
  b.SetInsertPoint(BasicBlock::Create(ctx, "", host));
  auto c = [&](uint32_t v) { return ConstantInt::get(i32, v); };
  std::vector<Value *> handles;
  for (uint32_t d = 0; d < opts.devices; ++d)
    handles.push_back(b.CreateCall(launch, {entry, ConstantPointerNull::get(ptr), c(d),
                                            c(opts.grid.x), c(opts.grid.y), c(opts.grid.z),
                                            c(opts.block.x), c(opts.block.y), c(opts.block.z)}));
  for (Value *h : handles)
    b.CreateCall(wait, {h});
  if (post)
    b.CreateCall(post, args)->setCallingConv(post->getCallingConv());
  b.CreateRet(c(0));
}

} // namespace scopemc
