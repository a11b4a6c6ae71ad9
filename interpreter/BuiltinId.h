// Which function names stand for the library functions the interpreter implements itself
// (analysis/Builtin.h), resolved once per declaration when the program is loaded (no name
// comparisons while running).
#pragma once

#include <optional>
#include <vector>

#include <llvm/ADT/StringRef.h>

#include "interpreter/analysis/Builtin.h"

namespace scopemc {

/// The builtin a declared function name stands for, if any.
std::optional<Builtin> builtinNamed(llvm::StringRef name);

/// Every function name the interpreter models (for tests that probe each one).
std::vector<llvm::StringRef> builtinNames();

} // namespace scopemc
