// The names a program's functions and variables are shown by: C++ link names demangled
// without their parameter lists.
//
// Contract: pure functions of their text, safe from every worker; a name that does not
// demangle is returned as it is (C names unchanged).
#pragma once

#include <string>

#include <llvm/ADT/StringRef.h>

namespace scopemc {

/// "reduce" for "_Z6reducePKiPiS1_", "ns::Klass::get" for a method; C names unchanged.
std::string readableFunctionName(llvm::StringRef linkName);
/// "f(int)::x" -> "f::x": every balanced "(...)" group dropped.
std::string withoutParameters(const std::string &s);

} // namespace scopemc
