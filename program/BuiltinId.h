// Which function names stand for the library functions the interpreter implements itself
// (analysis/Builtin.h), resolved once per declaration when the program is loaded (Program);
// only the operation a math or file function stands for is looked up by name again when it is
// called (mathFunctionNamed, fileFunctionNamed).
//
// Contract: lookups by the name alone over constant tables, safe from any thread: the exact
// names first, then the math, std::__throw_*, file, <iostream> output and OpenCL families.
// No answer means the interpreter has no model of the function; a call of it is then refused,
// at load or when it runs (with --undefined-functions=nondet, one that has no known reason to
// be refused gives an arbitrary value instead).
#pragma once

#include <optional>
#include <vector>

#include <llvm/ADT/StringRef.h>

#include "program/analysis/Builtin.h"

namespace scopemc {

/// The builtin a declared function name stands for, if any.
std::optional<Builtin> builtinNamed(llvm::StringRef name);

/// The names builtinNamed matches exactly (not the families it recognises by pattern: math,
/// file, <iostream> output, OpenCL), for tests that probe each one.
std::vector<llvm::StringRef> builtinNames();

/// The first name Builtins.def gives b (the one the program's code is written with, e.g.
/// "__scopemc_load"), a string constant; empty for a row found by its library's table (Math,
/// File, ...).
const char *builtinName(Builtin b);

} // namespace scopemc
