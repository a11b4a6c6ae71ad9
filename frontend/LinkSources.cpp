#include "frontend/LinkSources.h"

#include <algorithm>
#include <filesystem>

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/raw_ostream.h>

#include "frontend/InputError.h"

namespace scopemc {

namespace {

/// A debug-information file's path, made absolute with its directory.
std::string pathOf(const llvm::DIFile *f) {
  std::string name = f->getFilename().str();
  if (name.empty() || name[0] == '/' || f->getDirectory().empty())
    return name;
  return (std::filesystem::path(f->getDirectory().str()) / name).lexically_normal().string();
}

/// Where `g` is defined: file:line from its debug information, else its module's file.
std::string definitionOf(const llvm::GlobalValue &g) {
  const llvm::Module &m = *g.getParent();
  if (auto *f = llvm::dyn_cast<llvm::Function>(&g))
    if (const llvm::DISubprogram *sp = f->getSubprogram(); sp && sp->getFile())
      return pathOf(sp->getFile()) + ":" + std::to_string(sp->getLine());
  if (auto *v = llvm::dyn_cast<llvm::GlobalVariable>(&g)) {
    llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> gvs;
    v->getDebugInfo(gvs);
    for (auto *e : gvs)
      if (llvm::DIGlobalVariable *d = e->getVariable(); d && d->getFile())
        return pathOf(d->getFile()) + ":" + std::to_string(d->getLine());
  }
  return m.getSourceFileName();
}

/// A definition the linker does not merge with another one of the same name.
bool isStrongDefinition(const llvm::GlobalValue &g) {
  return !g.isDeclaration() && !g.hasLocalLinkage() && !g.isWeakForLinker() &&
         !g.hasAppendingLinkage();
}

/// Whether `f` is a kernel declared static in its file: its host stub is local to `m`.
bool isStaticKernel(const llvm::Module &m, const llvm::Function &f) {
  for (const llvm::Function &stub : m)
    if (stub.hasLocalLinkage() &&
        stub.getFnAttribute("scopemc-kernel").getValueAsString() == f.getName())
      return true;
  return false;
}

/// Gives `kernel` (static in its file, external in the device IR) a name of its own in `m`,
/// and its stub the kernel's new name (attribute scopemc-kernel, CudaLink.h).
void renameStaticKernel(llvm::Module &m, llvm::Function &kernel) {
  std::string old = kernel.getName().str();
  kernel.setName(old + ".static." + m.getSourceFileName());
  kernel.setComdat(nullptr); // (its comdat, named as the other file's, would drop it)
  for (llvm::Function &f : m)
    if (f.getFnAttribute("scopemc-kernel").getValueAsString() == old)
      f.addFnAttr("scopemc-kernel", kernel.getName());
}

} // namespace

FrontendOptions optionsFor(const FrontendOptions &opts, const std::string &file) {
  FrontendOptions o = opts;
  if (auto it = opts.fileArgs.find(file); it != opts.fileArgs.end())
    o.compilerArgs.insert(o.compilerArgs.end(), it->second.begin(), it->second.end());
  if (std::find(opts.otherSources.begin(), opts.otherSources.end(), file) !=
      opts.otherSources.end())
    o.sourceText.clear();
  return o;
}

void linkSource(llvm::Module &m, std::unique_ptr<llvm::Module> other,
                const std::string &toolHeaders) {
  for (llvm::GlobalValue &g : other->global_values()) {
    const llvm::GlobalValue *mine = m.getNamedValue(g.getName());
    if (!mine || !isStrongDefinition(g) || !isStrongDefinition(*mine))
      continue;
    std::string at = definitionOf(g);
    auto *fn = llvm::dyn_cast<llvm::Function>(&g);
    bool sameHeader = !toolHeaders.empty() && at.rfind(toolHeaders, 0) == 0;
    if (at == definitionOf(*mine) && (sameHeader || g.hasComdat()))
      g.setLinkage(llvm::GlobalValue::LinkOnceODRLinkage); // the same definition: one is kept
    else if (fn && isStaticKernel(*other, *fn))
      renameStaticKernel(*other, *fn); // (external in the IR): its own name
    else
      throw InputError(definitionOf(g) + ": '" + llvm::demangle(g.getName().str()) +
                       "' is defined twice: here and at " + definitionOf(*mine) +
                       " (two of the program's files define it)");
  }
  other->setDataLayout(m.getDataLayout());
  other->setTargetTriple(m.getTargetTriple());
  std::string file = other->getSourceFileName(), why;
  llvm::LLVMContext &ctx = m.getContext();
  auto old = ctx.getDiagnosticHandlerCallBack();
  void *oldContext = ctx.getDiagnosticContext();
  ctx.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *d, void *out) {
        if (d->getSeverity() != llvm::DS_Error)
          return;
        llvm::raw_string_ostream os(*static_cast<std::string *>(out));
        llvm::DiagnosticPrinterRawOStream printer(os);
        d->print(printer);
      },
      &why);
  bool failed = llvm::Linker::linkModules(m, std::move(other));
  ctx.setDiagnosticHandlerCallBack(old, oldContext);
  if (failed)
    throw InputError("cannot link " + file + " with " + m.getSourceFileName() +
                     (why.empty() ? "" : ": " + why));
}

} // namespace scopemc
