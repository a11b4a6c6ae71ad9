#include "program/analysis/Names.h"

#include <cstdlib>

#include <llvm/Demangle/Demangle.h>

namespace scopemc {

using namespace llvm;

std::string withoutParameters(const std::string &s) {
  // "f(int)::x" -> "f::x": drop every balanced "(...)" group.
  std::string out;
  int depth = 0;
  for (char c : s) {
    if (c == '(')
      ++depth;
    else if (c == ')')
      depth = depth > 0 ? depth - 1 : 0;
    else if (depth == 0)
      out += c;
  }
  return out;
}

std::string readableFunctionName(StringRef linkName) {
  if (!linkName.starts_with("_Z"))
    return linkName.str();
  std::string mangled = linkName.str(); // the demangler keeps pointers into it
  ItaniumPartialDemangler d;
  if (!d.partialDemangle(mangled.c_str()) && d.isFunction()) {
    size_t n = 0;
    if (char *buf = d.getFunctionName(nullptr, &n)) {
      std::string s(buf);
      std::free(buf);
      return s;
    }
  }
  return withoutParameters(demangle(mangled));
}

} // namespace scopemc
