#include "frontend/Libc.h"

#include <llvm/Linker/Linker.h>

#include "frontend/InputError.h"

namespace scopemc {

const std::vector<std::string> &libcFunctionNames() {
  static const std::vector<std::string> kNames = {
      "memchr",   "strlen",  "strnlen", "strncmp", "strcmp",  "strchr", "strrchr", "strstr",
      "strcpy",   "strncpy", "strcat",  "strncat", "strndup", "strdup", "getenv",  "strtoll",
      "strtoull", "strtol",  "strtoul", "atoi",    "atol",    "atoll",  "qsort",   "bsearch"};
  return kNames;
}

const std::vector<std::string> &libcVariableNames() {
  static const std::vector<std::string> kNames = {"stdin", "stdout", "stderr"};
  return kNames;
}

bool needsLibc(const llvm::Module &m) {
  for (const std::string &name : libcFunctionNames())
    if (const llvm::Function *f = m.getFunction(name); f && f->isDeclaration() && !f->use_empty())
      return true;
  for (const std::string &name : libcVariableNames())
    if (const llvm::GlobalVariable *g = m.getNamedGlobal(name); g && g->isDeclaration())
      return true;
  return false;
}

const std::vector<std::string> &libcxxFunctionNames() {
  static const std::vector<std::string> kNames = {
      "_ZNKSt8__detail20_Prime_rehash_policy11_M_next_bktEm",
      "_ZNKSt8__detail20_Prime_rehash_policy14_M_need_rehashEmmm"};
  return kNames;
}

void linkSupportLibraries(
    llvm::Module &m, const std::string &includeDir,
    const std::function<std::unique_ptr<llvm::Module>(const std::string &, bool)> &compile) {
  if (needsLibc(m))
    linkLibc(m, compile(includeDir + "/" + kLibcSource, false), kLibcSource);
  for (const std::string &name : libcxxFunctionNames())
    if (const llvm::Function *f = m.getFunction(name); f && f->isDeclaration()) {
      linkLibc(m, compile(includeDir + "/" + kLibcxxSource, true), kLibcxxSource);
      return;
    }
}

void linkLibc(llvm::Module &m, std::unique_ptr<llvm::Module> lib, const char *source) {
  lib->setDataLayout(m.getDataLayout());
  lib->setTargetTriple(m.getTargetTriple());
  if (llvm::Linker::linkModules(m, std::move(lib), llvm::Linker::Flags::LinkOnlyNeeded))
    throw InputError(std::string("cannot link the library functions of ") + source + " with " +
                     m.getSourceFileName());
}

} // namespace scopemc
