// The names of the functions the interpreter models (BuiltinId.h): the exact names are the
// rows of program/analysis/Builtins.def; the math library, std::__throw_*, files, <iostream>
// output and OpenCL C's built-in functions are recognised by their libraries' tables.
#include "frontend/IrPasses.h"
#include "program/BuiltinId.h"
#include "program/FileNames.h"
#include "program/MathLib.h"
#include "program/OpenClLib.h"

namespace scopemc {

using namespace llvm;

namespace {

// Each row's names (Builtins.def), null-terminated, in the order of the table.
#define SCOPEMC_BUILTIN(family, id, arity, sites, fresh, order, scope, block, identity, ...)       \
  constexpr const char *kNames##id[] = {__VA_ARGS__ __VA_OPT__(, ) nullptr};
#include "program/analysis/Builtins.def"

const char *const *const kNames[] = {
#define SCOPEMC_BUILTIN(family, id, ...) kNames##id,
#include "program/analysis/Builtins.def"
};

} // namespace

std::optional<Builtin> builtinNamed(StringRef name) {
  for (size_t b = 0; b < std::size(kNames); ++b)
    for (const char *const *n = kNames[b]; *n; ++n)
      if (name == *n)
        return static_cast<Builtin>(b);
  if (mathFunctionNamed(name))
    return Builtin::Math;
  if (name.starts_with("_ZSt") && name.contains("__throw_")) // std::__throw_length_error, ...
    return Builtin::Abort;
  if (fileFunctionNamed(name))
    return Builtin::File;
  if (isStreamOutput(name))
    return Builtin::StreamOutput;
  if (openClBuiltinNamed(name))
    return Builtin::OpenCl;
  return std::nullopt;
}

std::vector<StringRef> builtinNames() {
  std::vector<StringRef> out;
  for (const char *const *names : kNames)
    for (const char *const *n = names; *n; ++n)
      out.push_back(*n);
  return out;
}

const char *builtinName(Builtin b) {
  const char *first = kNames[static_cast<size_t>(b)][0];
  return first ? first : "";
}

} // namespace scopemc
