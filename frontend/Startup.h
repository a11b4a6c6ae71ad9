// Constructors and destructors of a program (`__attribute__((constructor))`, C++ static
// initialisers and destructors): run around `main` as a native start-up does.
//
// Contract: `main` itself is not changed; the module gains the internal kStartupEntry, internal
// globals named __scopemc_* (argv, envp, the atexit tables) and, if it declares them, bodies
// for atexit and __cxa_atexit. A constructor or destructor that takes parameters is skipped.
// The entry's return carries the position of main's return when main has only one, so that
// reports of the program's end name it. Throws nothing.
#pragma once

#include <string>
#include <vector>

#include <llvm/IR/Module.h>

namespace scopemc {

/// The name of the entry function that runs the constructors, `main` and the destructors.
inline constexpr const char *kStartupEntry = "__scopemc_start";

/// When `m` defines `main` and has constructors or destructors (llvm.global_ctors and
/// llvm.global_dtors), declares atexit or __cxa_atexit, or `main` takes parameters, adds an
/// entry function without parameters that calls the constructors in priority order, then
/// `main` (with `argc` = argv.size() and `argv`: modifiable strings, argv[argc] null; a third
/// parameter, envp, gets an empty list), then the functions registered with atexit or
/// __cxa_atexit (the latest first; up to 64, a registration past them returns -1), then the
/// destructors (the highest priority first), and returns what `main` returned. Returns the
/// name of the function to start from: kStartupEntry, or "main" when nothing was added.
std::string addStartupEntry(llvm::Module &m, const std::vector<std::string> &argv);

} // namespace scopemc
