// Constructors and destructors of a program (`__attribute__((constructor))`, C++ static
// initialisers and destructors): run around `main` as a native start-up does.
#pragma once

#include <string>
#include <vector>

#include <llvm/IR/Module.h>

namespace scopemc {

/// The name of the entry function that runs the constructors, `main` and the destructors.
inline constexpr const char *kStartupEntry = "__scopemc_start";

/// When `m` defines `main` and has constructors or destructors (llvm.global_ctors and
/// llvm.global_dtors) or `main` takes parameters, adds an entry function without parameters
/// that calls the constructors in priority order, then `main` (with `argc` = argv.size() and
/// `argv`: modifiable strings, argv[argc] null; a third parameter, envp, gets an empty
/// list), then the destructors (the highest priority first), and returns what `main`
/// returned. Returns the name of the function to start from: kStartupEntry, or "main" when
/// nothing was added.
std::string addStartupEntry(llvm::Module &m, const std::vector<std::string> &argv);

} // namespace scopemc
