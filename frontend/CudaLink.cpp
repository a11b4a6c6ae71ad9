#include "frontend/CudaLink.h"

#include <map>
#include <set>

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>

#include "frontend/InputError.h"

namespace scopemc {

using namespace llvm;

namespace {

constexpr char kStubMark[] = "__device_stub__";

/// The device kernel a host stub launches: Clang names the stub of `k` `__device_stub__k`,
/// mangled as k is (the length before the name grows by the prefix's).
std::string kernelOfStub(StringRef stub) {
  size_t at = stub.find(kStubMark);
  if (at == StringRef::npos)
    return {};
  std::string rest = stub.substr(at + sizeof kStubMark - 1).str();
  size_t digits = at;
  while (digits > 0 && isDigit(stub[digits - 1]))
    --digits;
  if (digits == at) // not mangled: extern "C"
    return stub.substr(0, at).str() + rest;
  unsigned len = 0;
  if (stub.substr(digits, at - digits).getAsInteger(10, len) || len < sizeof kStubMark - 1)
    return {};
  return stub.substr(0, digits).str() + std::to_string(len - (sizeof kStubMark - 1)) + rest;
}

/// All `extern __shared__` arrays of a kernel are one block of shared memory whose size the
/// launch gives: one array of the largest size CUDA allows without opting in.
void unifyDynamicShared(Module &dev) {
  std::vector<GlobalVariable *> externs;
  for (GlobalVariable &g : dev.globals())
    if (g.getAddressSpace() == 3 && g.isDeclaration())
      externs.push_back(&g);
  if (externs.empty())
    return;
  auto *ty = ArrayType::get(Type::getInt8Ty(dev.getContext()), kDynamicSharedBytes);
  auto *shared =
      new GlobalVariable(dev, ty, false, GlobalValue::InternalLinkage, UndefValue::get(ty),
                         "__scopemc_dynamic_shared", nullptr, GlobalValue::NotThreadLocal, 3);
  shared->setAlignment(Align(16));
  for (GlobalVariable *g : externs) {
    g->replaceAllUsesWith(shared);
    g->eraseFromParent();
  }
}

} // namespace

std::unique_ptr<Module> linkCuda(std::unique_ptr<Module> host, std::unique_ptr<Module> device) {
  device->setDataLayout(host->getDataLayout());
  device->setTargetTriple(host->getTargetTriple());
  unifyDynamicShared(*device);
  for (GlobalVariable &g : device->globals()) // __constant__: read-only for device code
    if (g.getAddressSpace() == 4 && !g.isDeclaration())
      g.addAttribute("scopemc-device-constant");
  // A function both sides define (__host__ __device__, inline helpers) may differ between them
  // (__CUDA_ARCH__): the device's copy is renamed, and only device code calls it.
  for (Function &f : *device)
    if (!f.isDeclaration())
      if (Function *h = host->getFunction(f.getName()); h && !h->isDeclaration())
        f.setName(f.getName() + ".device");
  // The host's shadow of each __device__, __constant__ and __managed__ variable is replaced by
  // the variable itself (one address space: unified addressing).
  std::map<std::string, std::string> shadows; // host shadow -> device variable
  for (GlobalVariable &g : host->globals()) {
    GlobalVariable *d = device->getGlobalVariable(g.getName(), true);
    if (!d || d->isDeclaration() || g.isDeclaration())
      continue;
    std::string name = g.getName().str();
    g.setName(name + ".host_shadow");
    shadows[g.getName().str()] = name;
  }
  std::set<std::string> kernels;
  for (Function &f : *device)
    if (!f.isDeclaration())
      kernels.insert(f.getName().str());
  if (Linker::linkModules(*host, std::move(device)))
    throw InputError("cannot link the device code of " + host->getSourceFileName() +
                     " with its host code");
  for (auto &[shadowName, name] : shadows) {
    GlobalVariable *shadow = host->getGlobalVariable(shadowName, true);
    GlobalVariable *real = host->getGlobalVariable(name, true);
    if (!shadow || !real)
      continue;
    Constant *to = real->getType() == shadow->getType()
                       ? static_cast<Constant *>(real)
                       : ConstantExpr::getAddrSpaceCast(real, shadow->getType());
    shadow->replaceAllUsesWith(to);
    shadow->eraseFromParent();
  }
  for (Function &f : *host) {
    std::string kernel = kernelOfStub(f.getName());
    if (!kernel.empty() && kernels.count(kernel))
      f.addFnAttr("scopemc-kernel", kernel);
  }
  return host;
}

} // namespace scopemc
