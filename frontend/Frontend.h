// Turns a source file into an LLVM module: C and C++ are compiled in-process with Clang's
// API (no clang binary at run time), .ll and .bc files are parsed. Then the IR passes the
// interpreter relies on run (promotion of local variables to registers).
//
// Contract: input the compiler rejects, or the front end cannot take, throws InputError
// naming file:line and the compiler's message; nothing is written to the terminal. Every
// instruction of the module keeps its source location (debug info, or `scopemc.line`
// metadata for textual IR).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

namespace clang {
class FrontendAction;
}

namespace scopemc {

struct FrontendOptions {
  std::vector<std::string> compilerArgs; // -D, -I, -std=... given after `--`
  /// The program's other source files, compiled each on its own (as a build does) and linked
  /// with the first: C, C++, CUDA (host and device code linked across files, as nvcc's
  /// separate compilation does) and IR. A symbol two of them define is a placed error.
  std::vector<std::string> otherSources;
  /// Flags for one file besides compilerArgs (a compilation database's entry for it, -p).
  std::map<std::string, std::vector<std::string>> fileArgs;
  std::string sourceText; // if set: the contents of the (virtual) input file, not read from disk
  /// Files read from these texts instead of the disk (path -> contents): a repaired source
  /// and the headers it edited.
  std::map<std::string, std::string> remappedFiles;
  std::string includeDir; // the tool's headers (scopemc.h, scopemc/cuda.h, scopemc/genmc.h, ...)
  /// Where precompiled copies of the header CUDA compiles force-include are kept
  /// (PrefixCache.h; the CLI's is defaultCacheDir()); empty: the header is parsed each time.
  std::string pchDir;
  /// Told the compiler's warnings (as Clang prints them) when the input compiled with some;
  /// unset: they are dropped.
  std::function<void(const std::string &)> showWarnings;
};

/// Compiles or parses `path` and opts.otherSources, linked into one module. Throws
/// InputError (program/Program.h) with the compiler's diagnostics when the input cannot
/// be turned into a module.
std::unique_ptr<llvm::Module> loadModule(const std::string &path, llvm::LLVMContext &ctx,
                                         const FrontendOptions &opts);

/// Runs a Clang action (an AST walk, say) on C, C++ or OpenCL source with the same command
/// line loadModule compiles it with. Throws InputError when the compiler reports an error.
void runClangAction(const std::string &path, clang::FrontendAction &action,
                    const FrontendOptions &opts);

/// The directory holding the tool's headers: $SCOPEMC_INCLUDE_DIR, else the one found next
/// to the executable, else the one of the source tree it was built from.
std::string defaultIncludeDir(const char *argv0);

} // namespace scopemc
