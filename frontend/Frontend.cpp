#include "frontend/Frontend.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include <clang/Basic/Diagnostic.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <clang/Serialization/ASTWriter.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/thread.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include "frontend/CudaLink.h"
#include "frontend/ImageLimits.h"
#include "frontend/InputError.h"
#include "frontend/IrPasses.h"
#include "frontend/Libc.h"
#include "frontend/LinkSources.h"
#include "frontend/PrefixCache.h"

#ifndef SCOPEMC_CLANG_RESOURCE_DIR
#error "SCOPEMC_CLANG_RESOURCE_DIR must be defined by the build"
#endif
#ifndef SCOPEMC_SOURCE_INCLUDE_DIR
#error "SCOPEMC_SOURCE_INCLUDE_DIR must be defined by the build"
#endif

namespace scopemc {

namespace fs = std::filesystem;

namespace {

/// CUDA is compiled twice, as nvcc does: host code, then device code (CudaLink.h).
enum class Language { C, Cxx, OpenCL, CudaHost, CudaDevice };

/// `pch`: a precompiled copy of the CUDA prefix (PrefixCache.h) to load instead of parsing it.
std::vector<std::string> languageArgs(Language lang, const FrontendOptions &opts,
                                      const std::string *pch) {
  switch (lang) {
  case Language::C:
    return {"-x", "c"};
  case Language::Cxx:
    return {"-x", "c++", "-fno-exceptions"};
  case Language::CudaHost:
  case Language::CudaDevice: {
    // The project's CUDA runtime, never NVIDIA's: no CUDA installation is looked for.
    std::vector<std::string> a = {
        "-x", "cuda", "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version", "-fno-exceptions"};
    if (lang == Language::CudaHost)
      a.push_back("--cuda-host-only");
    else
      a.insert(a.end(), {"--cuda-device-only", "--cuda-gpu-arch=sm_70", "-emit-llvm"});
    if (!opts.includeDir.empty())
      a.insert(a.end(), {"-I", opts.includeDir + "/cuda"});
    if (pch)
      a.insert(a.end(), {"-include-pch", *pch});
    else
      a.insert(a.end(), {"-include", "cuda_runtime.h"});
    return a;
  }
  case Language::OpenCL: {
    // SPIR's address spaces keep __local (3) apart; the OpenCL builtins scopemc models are
    // defined by its own header on top of Clang's declarations of the rest.
    std::vector<std::string> a = {"-x", "cl", "-target", "spir64-unknown-unknown"};
    bool hasStd = false;
    for (auto &c : opts.compilerArgs)
      hasStd = hasStd || c.rfind("-cl-std=", 0) == 0;
    if (!hasStd)
      a.push_back("-cl-std=CL2.0");
    a.insert(a.end(), {"-include", "scopemc/opencl.h"});
    return a;
  }
  }
  return {};
}

/// What the compilers that legacy C benchmark suites were written for accepted with a warning,
/// and Clang 19 makes an error by default: implicit declarations of functions, implicit `int`,
/// int/pointer conversions, incompatible pointer types. They stay warnings (shown) unless the
/// user asks for warnings as errors after `--`.
std::vector<std::string> legacyCArgs(const FrontendOptions &opts) {
  for (auto &a : opts.compilerArgs)
    if (a.rfind("-Werror", 0) == 0 || a == "-pedantic-errors")
      return {};
  return {"-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
          "-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types",
          "-Wno-error=incompatible-function-pointer-types"};
}

/// The tool's command line for compiling `path` (Clang's driver's), loading `pch` if given.
std::vector<std::string> commandLine(const std::string &path, const FrontendOptions &opts,
                                     Language lang, const std::string *pch) {
  std::string resourceDir = fs::path(SCOPEMC_CLANG_RESOURCE_DIR).parent_path().string();
  std::vector<std::string> args = {"clang",
                                   "-c",
                                   "-g",
                                   "-O0",
                                   "-Xclang",
                                   "-disable-O0-optnone",
                                   "-fno-discard-value-names",
                                   "-resource-dir",
                                   resourceDir,
                                   "-D__SCOPEMC__=1"};
  for (auto &a : languageArgs(lang, opts, pch))
    args.push_back(a);
  if (lang == Language::C)
    for (auto &a : legacyCArgs(opts))
      args.push_back(a);
  if (!opts.includeDir.empty()) {
    // <scopemc.h> and <scopemc/cuda.h> from the root, <genmc.h> from its folder
    args.insert(args.end(), {"-I", opts.includeDir, "-I", opts.includeDir + "/scopemc"});
  }
  static const std::vector<std::string> kTakesValue = {
      "-I", "-D", "-U", "-include", "-isystem", "-x", "-Xclang", "-idirafter", "-iquote"};
  for (size_t k = 0; k < opts.compilerArgs.size(); ++k) {
    const std::string &a = opts.compilerArgs[k];
    bool value = k > 0 && std::find(kTakesValue.begin(), kTakesValue.end(),
                                    opts.compilerArgs[k - 1]) != kTakesValue.end();
    if (!a.empty() && a[0] != '-' && !value)
      throw InputError("'" + a +
                       "' after `--` is not a compiler option (scopemc's own options go "
                       "before `--`, and the input is the one FILE)");
    args.push_back(a);
  }
  args.push_back(path);
  return args;
}

/// Runs a Clang action on `path` with the tool's command line (loading the precompiled CUDA
/// prefix `pch` if given); the diagnostics go to `diagText`. False when the compiler failed
/// or reported an error.
bool runAction(const std::string &path, const FrontendOptions &opts, Language lang,
               clang::FrontendAction &action, std::string &diagText,
               const std::string *pch = nullptr) {
  std::vector<std::string> args = commandLine(path, opts, lang, pch);
  std::vector<const char *> argv;
  for (auto &a : args)
    argv.push_back(a.c_str());

  llvm::raw_string_ostream diagOut(diagText);
  auto diagOpts = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  diagOpts->ShowPresumedLoc = true; // #line directives (litmus bodies) name the original file
  auto *printer = new clang::TextDiagnosticPrinter(diagOut, diagOpts.get());
  auto diags = clang::CompilerInstance::createDiagnostics(diagOpts.get(), printer, true);

  clang::CreateInvocationOptions cio;
  cio.Diags = diags;
  // The driver's own warnings (CUDA's version, an unused -c) are about the tool's command line.
  diags->setIgnoreAllWarnings(true);
  std::shared_ptr<clang::CompilerInvocation> inv = clang::createInvocation(argv, cio);
  diags->setIgnoreAllWarnings(false);
  if (!inv)
    throw InputError("cannot compile " + path + ":\n" + diagOut.str());
  // The engine was made before the command line was parsed: give it the -W flags now.
  clang::ProcessWarningOptions(*diags, inv->getDiagnosticOpts(), /*ReportDiags=*/false);
  // The driver asks Clang not to free its AST at the end (-disable-free: a compiler process
  // exits anyway); compiling in-process, possibly many times, it must.
  inv->getFrontendOpts().DisableFree = false;
  if (pch) // (Clang checks the user's headers' times; the system's only if told to)
    inv->getHeaderSearchOpts().ModulesValidateSystemHeaders = true;
  if (!opts.sourceText.empty())
    inv->getPreprocessorOpts().addRemappedFile(
        path, llvm::MemoryBuffer::getMemBufferCopy(opts.sourceText, path).release());
  for (auto &[file, text] : opts.remappedFiles)
    inv->getPreprocessorOpts().addRemappedFile(
        file, llvm::MemoryBuffer::getMemBufferCopy(text, file).release());
  clang::CompilerInstance ci;
  ci.setInvocation(inv);
  ci.setDiagnostics(diags.get());
  // Clang's "N errors generated." goes after the diagnostics, under the tool's own message.
  ci.setVerboseOutputStream(diagOut);
  bool ok = ci.ExecuteAction(action);
  diagOut.flush();
  return ok && !diags->hasErrorOccurred();
}

/// The stack Clang gets: its parser and code generator recurse once per nesting level of
/// the source (10,000 `else if`s, 100,000 nested unary minuses), far past a default 8 MiB.
/// Only what is used is ever committed.
constexpr unsigned kFrontendStack = 1u << 30;

/// Runs `work` on a thread with kFrontendStack of stack, passing on what it throws.
template <typename F> void withLargeStack(F &&work) {
  std::exception_ptr failure;
  llvm::thread t(std::optional<unsigned>(kFrontendStack), [&] {
    try {
      work();
    } catch (...) {
      failure = std::current_exception();
    }
  });
  t.join();
  if (failure)
    std::rethrow_exception(failure);
}

/// How many control statements may nest without braces (`if (a) if (b) ...`). Clang looks
/// names up through every open scope, so such chains cost it the square of their depth
/// (20,000: 2.5 s; 100,000: a minute); braces are limited by Clang itself (-fbracket-depth).
constexpr unsigned kMaxUnbracedNesting = 10000;

/// Identifiers longer than this turn Clang's spelling correction off: it compares an unknown
/// name with every known one at a cost of their lengths multiplied (a 70,000-character
/// unknown name: 7 s).
constexpr size_t kMaxCorrectedIdentifier = 1024;

/// A raw lexer pass over the main file (linear, no preprocessing) before Clang sees it:
/// refuses control statements nested deeper than kMaxUnbracedNesting without braces, naming
/// where the chain starts, and returns whether the file has an identifier longer than
/// kMaxCorrectedIdentifier.
bool prescanMainFile(const std::string &path, const FrontendOptions &opts) {
  std::string text = opts.sourceText;
  if (text.empty()) {
    std::ifstream in(path, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  clang::LangOptions lo;
  lo.CPlusPlus = true;
  clang::Lexer lex(clang::SourceLocation(), lo, text.data(), text.data(),
                   text.data() + text.size());
  lex.SetCommentRetentionState(false);
  unsigned run = 0;
  size_t runStart = 0;
  bool longIdentifier = false;
  clang::Token tok;
  while (!lex.LexFromRawLexer(tok) || tok.isNot(clang::tok::eof)) {
    if (tok.is(clang::tok::eof))
      break;
    if (tok.isOneOf(clang::tok::semi, clang::tok::l_brace, clang::tok::r_brace)) {
      run = 0;
      continue;
    }
    if (!tok.is(clang::tok::raw_identifier))
      continue;
    llvm::StringRef w = tok.getRawIdentifier();
    longIdentifier = longIdentifier || w.size() > kMaxCorrectedIdentifier;
    if (w != "if" && w != "for" && w != "while" && w != "switch" && w != "do")
      continue;
    size_t at = static_cast<size_t>(tok.getLocation().getRawEncoding());
    if (run++ == 0)
      runStart = at;
    if (run > kMaxUnbracedNesting) {
      size_t line =
          1 + static_cast<size_t>(std::count(text.begin(), text.begin() + runStart, '\n'));
      size_t lineStart = text.rfind('\n', runStart == 0 ? 0 : runStart - 1);
      size_t col = lineStart == std::string::npos ? runStart + 1 : runStart - lineStart;
      throw InputError(path + ":" + std::to_string(line) + ":" + std::to_string(col) +
                       ": control statements nest more than " +
                       std::to_string(kMaxUnbracedNesting) +
                       " levels deep without braces here (scopemc's limit)");
    }
  }
  return longIdentifier;
}

std::unique_ptr<llvm::Module> compileOne(const std::string &path, llvm::LLVMContext &ctx,
                                         const FrontendOptions &opts, Language lang);

std::unique_ptr<llvm::Module> compile(const std::string &path, llvm::LLVMContext &ctx,
                                      const FrontendOptions &opts, Language lang) {
  if (lang != Language::CudaHost)
    return compileOne(path, ctx, opts, lang);
  std::unique_ptr<llvm::Module> host = compileOne(path, ctx, opts, Language::CudaHost);
  FrontendOptions quiet = opts; // the host compilation showed the warnings of both
  quiet.showWarnings = nullptr;
  std::unique_ptr<llvm::Module> device = compileOne(path, ctx, quiet, Language::CudaDevice);
  volatileAsRelaxedSystem(*device); // (compileOne throws where it cannot compile)
  laneRegistersAsQueries(*device);
  return linkCuda(std::move(host), std::move(device));
}

/// Makes the PCH of the CUDA prefix in memory and collects the identifiers of its text
/// (PrefixCache.h). Clang's GeneratePCHAction would write the file itself, through a temporary
/// file whose removal on a crash installs LLVM's signal handlers and an alternate signal stack
/// of its own on the compiling thread (which AddressSanitizer then fails to free).
class PrefixPchAction : public clang::ASTFrontendAction {
public:
  std::shared_ptr<clang::PCHBuffer> buffer = std::make_shared<clang::PCHBuffer>();
  std::vector<std::string> ids;

private:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    return std::make_unique<clang::PCHGenerator>(ci.getPreprocessor(), ci.getModuleCache(), "", "",
                                                 buffer, ci.getFrontendOpts().ModuleFileExtensions);
  }
  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    ci.getLangOpts().CompilingPCH = true;
    return true;
  }
  clang::TranslationUnitKind getTranslationUnitKind() override { return clang::TU_Prefix; }
  bool hasASTFileSupport() const override { return false; }
  void EndSourceFileAction() override {
    for (const auto &entry : getCompilerInstance().getPreprocessor().getIdentifierTable())
      ids.push_back(entry.getKey().str());
  }
};

/// The PCH of the CUDA prefix a compile of `lang` with `opts` may load, if any.
std::optional<std::string> cudaPrefix(const FrontendOptions &opts, Language lang) {
  if (opts.pchDir.empty() || !opts.remappedFiles.empty() ||
      (lang != Language::CudaHost && lang != Language::CudaDevice))
    return std::nullopt;
  PrefixRequest r{opts.pchDir, {}, {}, opts.includeDir};
  FrontendOptions base = opts; // the prefix is built without the user's macros
  base.compilerArgs = withoutMacros(opts.compilerArgs, r.macros);
  base.sourceText = "\n"; // (the main file's text: nothing but the forced include)
  base.showWarnings = nullptr;
  std::string main = (fs::path(opts.pchDir) / "prefix.cu").string();
  r.args = commandLine(main, base, lang, nullptr);
  return cachedPrefix(r, [&](const std::string &out) -> std::optional<std::vector<std::string>> {
    PrefixPchAction action;
    std::string diagText;
    bool ok = false;
    withLargeStack([&] { ok = runAction(main, base, lang, action, diagText); });
    if (!ok || !action.buffer->IsComplete)
      return std::nullopt;
    std::ofstream file(out, std::ios::binary); // (Clang's raw container: the AST itself)
    file.write(action.buffer->Data.data(),
               static_cast<std::streamsize>(action.buffer->Data.size()));
    return file ? std::optional(std::move(action.ids)) : std::nullopt;
  });
}

std::unique_ptr<llvm::Module> compileOne(const std::string &path, llvm::LLVMContext &ctx,
                                         const FrontendOptions &opts, Language lang) {
  FrontendOptions fo = opts;
  if (prescanMainFile(path, opts))
    fo.compilerArgs.push_back("-fno-spell-checking");
  std::optional<std::string> pch = cudaPrefix(fo, lang);
  std::string diagText;
  auto action = std::make_unique<CheckedEmitAction>(&ctx);
  bool ok = false;
  withLargeStack([&] { ok = runAction(path, fo, lang, *action, diagText, pch ? &*pch : nullptr); });
  if (!ok && pch) { // (Clang refuses a PCH whose files changed: the full compile decides)
    diagText.clear();
    action = std::make_unique<CheckedEmitAction>(&ctx);
    withLargeStack([&] { ok = runAction(path, fo, lang, *action, diagText); });
    std::error_code ec;
    if (ok) // the PCH was what failed: the next compile builds it again
      fs::remove(*pch, ec);
  }
  if (!ok)
    throw InputError("compilation of " + path + " failed:\n" + diagText);
  std::unique_ptr<llvm::Module> mod = action->takeModule();
  if (!mod)
    throw InputError("compilation of " + path + " produced no module:\n" + diagText);
  if (!diagText.empty() && opts.showWarnings)
    opts.showWarnings(diagText);
  return mod;
}

std::optional<Language> languageOf(const std::string &path) {
  std::string ext = fs::path(path).extension().string();
  if (ext == ".c" || ext == ".i")
    return Language::C;
  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C")
    return Language::Cxx;
  if (ext == ".cu")
    return Language::CudaHost;
  if (ext == ".cl")
    return Language::OpenCL;
  return std::nullopt;
}

/// Instructions inlined from the tool's own headers are attributed to the user's code that
/// called them, so that reports point at the user's line.
void attributeHeaderCode(llvm::Module &m, const std::string &includeDir) {
  if (includeDir.empty())
    return;
  auto inHeaders = [&](const llvm::DILocation *loc) {
    llvm::StringRef dir = loc->getDirectory(), file = loc->getFilename();
    std::string full = file.starts_with("/") ? file.str() : (dir + "/" + file).str();
    return llvm::StringRef(full).starts_with(includeDir);
  };
  for (llvm::Function &f : m)
    for (llvm::Instruction &i : llvm::instructions(f)) {
      const llvm::DILocation *loc = i.getDebugLoc().get();
      if (!loc || !inHeaders(loc))
        continue;
      while (loc->getInlinedAt() && inHeaders(loc))
        loc = loc->getInlinedAt();
      i.setDebugLoc(llvm::DebugLoc(loc));
    }
}

/// Marks for inlining every function the program only calls directly and that does not call
/// itself: its locals then become its caller's, and a local whose address is only passed to
/// it (an out-parameter) is promoted to a register, as GenMC sees it. Entry points (`main`,
/// thread routines and kernels, whose addresses are taken), recursive functions and functions
/// with variable-length locals stay.
void markForInlining(llvm::Module &m) {
  for (llvm::Function &f : m) {
    if (f.isDeclaration() || f.getName() == "main" || f.hasAddressTaken() || f.isVarArg())
      continue;
    bool recursive = false;
    for (llvm::User *u : f.users())
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(u))
        recursive = recursive || call->getFunction() == &f;
    // A variable-length local stays in its own frame: inlined, a constant size would make it a
    // fixed array the optimiser may drop (a VLA past the stack must still overflow it).
    for (llvm::Instruction &i : llvm::instructions(f))
      if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && !a->isStaticAlloca())
        recursive = true;
    if (!recursive && f.getCallingConv() != llvm::CallingConv::SPIR_KERNEL &&
        f.getCallingConv() != llvm::CallingConv::PTX_Kernel) {
      f.removeFnAttr(llvm::Attribute::NoInline); // (-O0 puts it on every function)
      f.addFnAttr(llvm::Attribute::AlwaysInline);
    }
  }
}

void promoteLocals(llvm::Module &m) {
  markForInlining(m);
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
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::AlwaysInlinerPass()); // the headers' wrappers vanish into their callers
  llvm::FunctionPassManager fpm;
  fpm.addPass(SroaBelowFourGiB());
  fpm.addPass(llvm::PromotePass());
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  mpm.run(m, mam);
}

std::string remapped(const std::string &path, const FrontendOptions &opts) {
  if (auto it = opts.remappedFiles.find(path); it != opts.remappedFiles.end())
    return it->second;
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Textual IR has no source locations: each instruction of a function whose lines can be
/// matched one to one (one instruction per line, as LLVM prints IR) gets its line in the .ll
/// file (and the column it starts at) as `scopemc.line` metadata, which survives the IR passes
/// (Program::sourceOf reads it).
void markIrLines(llvm::Module &m, const std::string &text) {
  std::map<std::string, std::vector<std::pair<unsigned, std::string>>>
      lines; // function -> (line, text)
  std::istringstream in(text);
  std::string line, fn;
  for (unsigned n = 1; std::getline(in, line); ++n) {
    llvm::StringRef l = llvm::StringRef(line).trim();
    if (fn.empty()) {
      if (l.starts_with("define ")) {
        size_t at = l.find('@'), paren = l.find('(', at);
        if (at != llvm::StringRef::npos && paren != llvm::StringRef::npos)
          fn = l.substr(at + 1, paren - at - 1).trim('"').str();
      }
      continue;
    }
    if (l == "}") {
      fn.clear();
      continue;
    }
    if (l.empty() || l.starts_with(";") || l.split(';').first.trim().ends_with(":"))
      continue; // a comment or a block label
    lines[fn].push_back({n, line});
  }
  llvm::LLVMContext &ctx = m.getContext();
  for (llvm::Function &f : m) {
    auto it = lines.find(f.getName().str());
    if (it == lines.end() || it->second.size() != f.getInstructionCount())
      continue;
    size_t k = 0;
    bool matches = true;
    for (llvm::Instruction &i : llvm::instructions(f))
      matches = matches && it->second[k++].second.find(i.getOpcodeName()) != std::string::npos;
    if (!matches)
      continue;
    k = 0;
    for (llvm::Instruction &i : llvm::instructions(f)) {
      auto &[n, text] = it->second[k++];
      auto *line = llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), n);
      auto *col =
          llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), text.find_first_not_of(" \t") + 1);
      i.setMetadata("scopemc.line", llvm::MDNode::get(ctx, {llvm::ConstantAsMetadata::get(line),
                                                            llvm::ConstantAsMetadata::get(col)}));
    }
  }
}

/// One source file compiled (or parsed) on its own, with its own flags (fileArgs).
std::unique_ptr<llvm::Module> loadSource(const std::string &path, llvm::LLVMContext &ctx,
                                         const FrontendOptions &opts) {
  if (opts.sourceText.empty() && !fs::exists(path))
    throw InputError("cannot open '" + path + "': no such file");
  std::string ext = fs::path(path).extension().string();
  std::unique_ptr<llvm::Module> mod;
  if (ext == ".ll" || ext == ".bc") {
    llvm::SMDiagnostic err;
    auto remapped = opts.remappedFiles.find(path);
    if (remapped != opts.remappedFiles.end())
      mod = llvm::parseIR(llvm::MemoryBufferRef(remapped->second, path), err, ctx);
    else
      mod = llvm::parseIRFile(path, err, ctx);
    if (!mod) // file:line:col: message (the CLI adds its own prefix)
      throw InputError(err.getFilename().str() + ":" + std::to_string(err.getLineNo()) + ":" +
                       std::to_string(err.getColumnNo() + 1) + ": " + err.getMessage().str());
  } else if (auto lang = languageOf(path)) {
    mod = compile(path, ctx, opts, *lang);
  } else {
    throw InputError("'" + path + "': unknown input kind '" + ext +
                     "' (expected .c, .cpp, .cc, .cu, .cl, .ll or .bc)");
  }
  if (ext == ".ll")
    markIrLines(*mod, remapped(path, opts));
  return mod;
}

} // namespace

std::unique_ptr<llvm::Module> loadModule(const std::string &path, llvm::LLVMContext &ctx,
                                         const FrontendOptions &opts) {
  std::unique_ptr<llvm::Module> mod = loadSource(path, ctx, optionsFor(opts, path));
  for (const std::string &other : opts.otherSources)
    linkSource(*mod, loadSource(other, ctx, optionsFor(opts, other)), opts.includeDir);
  if (!opts.includeDir.empty())
    linkSupportLibraries(*mod, opts.includeDir, [&](const std::string &file, bool cxx) {
      FrontendOptions lib; // none of the program's flags: the library is compiled as it is
      lib.includeDir = opts.includeDir;
      lib.compilerArgs = {"-fno-builtin"};
      return compileOne(file, ctx, lib, cxx ? Language::Cxx : Language::C);
    });
  dropStreamOutputBodies(*mod);
  copyByValParameters(*mod);
  promoteLocals(*mod);
  foldConstantExpressions(*mod);
  applyRetCas(*mod);
  attributeHeaderCode(*mod, opts.includeDir);
  if (const char *dump = std::getenv("SCOPEMC_DUMP_IR")) { // development (docs/development.md)
    std::error_code ec;
    llvm::raw_fd_ostream out(dump, ec);
    if (!ec)
      mod->print(out, nullptr);
  }
  return mod;
}

void runClangAction(const std::string &path, clang::FrontendAction &action,
                    const FrontendOptions &opts) {
  auto lang = languageOf(path);
  if (!lang)
    throw InputError("'" + path + "' is not C, C++ or OpenCL C source");
  std::string diagText;
  if (!runAction(path, opts, *lang, action, diagText))
    throw InputError("compilation of " + path + " failed:\n" + diagText);
}

std::string defaultIncludeDir(const char *argv0) {
  if (const char *env = std::getenv("SCOPEMC_INCLUDE_DIR"))
    return env;
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (!ec) {
    for (const fs::path &cand :
         {exe.parent_path() / "../include", exe.parent_path() / "../../include"})
      if (fs::exists(cand / "scopemc.h") && fs::exists(cand / "scopemc/genmc.h"))
        return fs::weakly_canonical(cand).string();
  }
  (void)argv0;
  return SCOPEMC_SOURCE_INCLUDE_DIR;
}

} // namespace scopemc
