// Turns a source file into an LLVM module: C and C++ are compiled in-process with Clang's
// API (no clang binary at run time), .ll and .bc files are parsed. Then the IR passes the
// interpreter relies on run (promotion of local variables to registers).
//
// Contract: input the compiler rejects, or the front end cannot take, throws InputError
// naming file:line and the compiler's message; nothing is written to the terminal. Every
// instruction of the module keeps its source location (debug info, or `scopemc.line`
// metadata for textual IR).
#pragma once

#include <memory>
#include <string>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "frontend/FrontendOptions.h"

namespace clang {
class FrontendAction;
}

namespace scopemc {

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
