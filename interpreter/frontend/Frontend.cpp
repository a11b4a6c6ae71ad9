#include "interpreter/frontend/Frontend.h"

#include <filesystem>

#include <clang/Basic/Diagnostic.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include "interpreter/frontend/InputError.h"

#ifndef SCOPEMC_CLANG_RESOURCE_DIR
#error "SCOPEMC_CLANG_RESOURCE_DIR must be defined by the build"
#endif
#ifndef SCOPEMC_SOURCE_INCLUDE_DIR
#error "SCOPEMC_SOURCE_INCLUDE_DIR must be defined by the build"
#endif

namespace scopemc {

namespace fs = std::filesystem;

namespace {

std::unique_ptr<llvm::Module> compile(const std::string &path, llvm::LLVMContext &ctx,
                                      const FrontendOptions &opts, bool cxx) {
  std::string resourceDir = fs::path(SCOPEMC_CLANG_RESOURCE_DIR).parent_path().string();
  std::vector<std::string> args = {"clang", "-c", "-x", cxx ? "c++" : "c", "-g", "-O0",
                                   "-Xclang", "-disable-O0-optnone", "-fno-exceptions",
                                   "-resource-dir", resourceDir, "-D__SCOPEMC__=1"};
  if (!opts.includeDir.empty()) {
    args.push_back("-I");
    args.push_back(opts.includeDir);
  }
  for (auto &a : opts.compilerArgs)
    args.push_back(a);
  args.push_back(path);
  std::vector<const char *> argv;
  for (auto &a : args)
    argv.push_back(a.c_str());

  std::string diagText;
  llvm::raw_string_ostream diagOut(diagText);
  auto diagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  auto *printer = new clang::TextDiagnosticPrinter(diagOut, diagOpts.get());
  auto diags = clang::CompilerInstance::createDiagnostics(diagOpts.get(), printer, true);

  clang::CreateInvocationOptions cio;
  cio.Diags = diags;
  std::shared_ptr<clang::CompilerInvocation> inv = clang::createInvocation(argv, cio);
  if (!inv)
    throw InputError("cannot compile " + path + ":\n" + diagOut.str());
  clang::CompilerInstance ci;
  ci.setInvocation(inv);
  ci.setDiagnostics(diags.get());
  clang::EmitLLVMOnlyAction action(&ctx);
  bool ok = ci.ExecuteAction(action);
  diagOut.flush();
  if (!ok || diags->hasErrorOccurred())
    throw InputError("compilation of " + path + " failed:\n" + diagText);
  std::unique_ptr<llvm::Module> mod = action.takeModule();
  if (!mod)
    throw InputError("compilation of " + path + " produced no module:\n" + diagText);
  return mod;
}

void promoteLocals(llvm::Module &m) {
  llvm::PassBuilder pb;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::SROAPass(llvm::SROAOptions::PreserveCFG));
  fpm.addPass(llvm::PromotePass());
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  mpm.run(m, mam);
}

} // namespace

std::unique_ptr<llvm::Module> loadModule(const std::string &path, llvm::LLVMContext &ctx,
                                         const FrontendOptions &opts) {
  if (!fs::exists(path))
    throw InputError("cannot open '" + path + "': no such file");
  std::string ext = fs::path(path).extension().string();
  std::unique_ptr<llvm::Module> mod;
  if (ext == ".ll" || ext == ".bc") {
    llvm::SMDiagnostic err;
    mod = llvm::parseIRFile(path, err, ctx);
    if (!mod) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      err.print("scopemc", os);
      throw InputError(os.str());
    }
  } else if (ext == ".c" || ext == ".i") {
    mod = compile(path, ctx, opts, false);
  } else if (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C") {
    mod = compile(path, ctx, opts, true);
  } else {
    throw InputError("'" + path + "': unknown input kind '" + ext +
                     "' (expected .c, .cpp, .cc, .ll or .bc)");
  }
  promoteLocals(*mod);
  return mod;
}

std::string defaultIncludeDir(const char *argv0) {
  if (const char *env = std::getenv("SCOPEMC_INCLUDE_DIR"))
    return env;
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (!ec) {
    for (fs::path cand : {exe.parent_path() / "../include/scopemc", exe.parent_path() / "../../include/scopemc"})
      if (fs::exists(cand / "genmc.h"))
        return fs::weakly_canonical(cand).string();
  }
  (void)argv0;
  return SCOPEMC_SOURCE_INCLUDE_DIR;
}

} // namespace scopemc
