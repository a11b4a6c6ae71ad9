// The values `--arg` gives a kernel's parameters when the kernel runs without a host program
// (--kernel): integers and floating-point numbers (`--arg n=3`, `--arg x=0.5`), vectors and
// arrays as numbers separated by commas (`--arg v=1,2,3,4`; one number fills them), and
// structs field by field, by the names their debug information gives (`--arg s.a=1
// --arg s.inner.b=2.5`; a field not given is zero, as a zero-initialised buffer would give
// it). A parameter may also be named by its position (`--arg 0=3`).
//
// Contract: the value is a constant of the parameter's IR type (its byval type for a struct
// passed by value) made from KernelOptions::args alone; the kernel's debug information names
// the fields (without it every field is zero). Integers are read as strtoll reads them
// (decimal, 0x, 0 octal) and must fit the type read as signed or unsigned (-2^(w-1) to
// 2^w - 1), else InputError names the value; floating-point numbers are rounded to the type.
// Nothing in the module changes.
#pragma once

#include <set>
#include <string>

#include <llvm/IR/Constant.h>
#include <llvm/IR/Function.h>

#include "frontend/KernelOptions.h"

namespace scopemc {

/// The value of parameter `a` of kernel `k` (for a by-value struct: the struct's value);
/// throws InputError at the first value that is malformed, or when the parameter (not a
/// struct's field) has none: its name is then in unsetParameters. `where` prefixes messages
/// (FILE:LINE: of the kernel). `used`, when given, receives the names of `o.args` that gave a
/// value.
llvm::Constant *kernelArgumentValue(const llvm::Module &m, const llvm::Function &k,
                                    const llvm::Argument &a, const KernelOptions &o,
                                    const std::string &where,
                                    std::set<std::string> *used = nullptr);

} // namespace scopemc
