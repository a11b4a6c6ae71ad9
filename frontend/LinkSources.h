// The link of a program's source files (scopemc main.cu kernel.cu): each file is compiled on
// its own, then its module is linked into the first one's, as a build's link step does.
//
// Contract: `m` and `other` are in one LLVMContext; linkSource consumes `other`, gives it
// `m`'s data layout and target, and keeps the static (internal) symbols of the two files
// apart. Of two strong definitions one is dropped only as the duplicate of the same one (the
// same file:line); inline and weak ones merge as a linker merges them. The context's
// diagnostic handler is borrowed for the link and given back. optionsFor only copies.
#pragma once

#include <memory>

#include <llvm/IR/Module.h>

#include "frontend/FrontendOptions.h"

namespace scopemc {

/// The options `file` is compiled with: opts' flags and then its own (FrontendOptions::
/// fileArgs); the source text given stands for the first file only.
FrontendOptions optionsFor(const FrontendOptions &opts, const std::string &file);

/// Links `other` (another source file of the program, compiled) into `m`. A function or
/// variable both define (neither inline, weak nor static) throws InputError naming the two
/// definitions, file:line each, unless both are one definition (the same file:line) of a
/// header under `toolHeaders` (the tool's own headers define their functions outside
/// classes) or in a comdat, when one is kept, or it is a CUDA kernel `other` declares static,
/// which gets a name of its own; so does any other failure of the link. A declaration one
/// file leaves undefined and the other defines is resolved; one none defines stays a
/// declaration (a call of it is refused where it is made).
void linkSource(llvm::Module &m, std::unique_ptr<llvm::Module> other,
                const std::string &toolHeaders);

} // namespace scopemc
