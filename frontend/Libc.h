// The C library functions scopemc runs as code instead of modelling them as builtins: the
// definitions in include/scopemc/libc.c (string and memory comparisons and copies, number
// parsing, qsort, bsearch, getenv), compiled and linked into a program that calls them.
//
// Contract: linkSupportLibraries compiles a library only when `m` needs it (needsLibc; for the
// C++ one, a declaration of one of libcxxFunctionNames), at most once each, and links only the
// definitions `m` refers to (LinkOnlyNeeded), on `m`'s data layout and target. The name lists
// must match what the sources define (tests check them). A link that fails throws InputError;
// a compile that fails throws whatever `compile` throws.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <llvm/IR/Module.h>

namespace scopemc {

/// The file, under the tool's include directory, that defines them.
inline constexpr const char *kLibcSource = "scopemc/libc.c";

/// The names of the functions kLibcSource defines (tests check the two agree).
const std::vector<std::string> &libcFunctionNames();

/// The variables it defines (the standard streams).
const std::vector<std::string> &libcVariableNames();

/// Whether `m` uses one of the variables, or calls (or takes the address of) one of them without
/// defining it.
bool needsLibc(const llvm::Module &m);

/// Links into `m` the definitions of `lib` (`source`, kLibcSource or kLibcxxSource, compiled)
/// that `m` needs, on `m`'s target. Throws InputError naming `source` if the link fails.
void linkLibc(llvm::Module &m, std::unique_ptr<llvm::Module> lib, const char *source);

/// The C++ library functions run as code (std::unordered_map's growth policy), defined in
/// kLibcxxSource; tests check the two agree.
inline constexpr const char *kLibcxxSource = "scopemc/libcxx.cpp";
const std::vector<std::string> &libcxxFunctionNames();

/// Links each library `m` needs (kLibcSource, kLibcxxSource) under the tool's `includeDir`,
/// compiled by `compile(path, asCxx)`.
void linkSupportLibraries(
    llvm::Module &m, const std::string &includeDir,
    const std::function<std::unique_ptr<llvm::Module>(const std::string &, bool)> &compile);

} // namespace scopemc
