// OpenCL C's built-in function library as SPIR compilation calls it (mangled overloads such as
// `_Z7add_satii` or `_Z14convert_float4Dv4_i`): recognised by their demangled names and
// computed element-wise on scalars and vectors: conversions (convert_T[_sat][_rte...]), the
// math, integer, common, relational and geometric functions, and shuffle/shuffle2.
// docs/opencl.md lists them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <llvm/ADT/StringRef.h>

namespace scopemc {

/// A scalar or vector OpenCL type as a demangled parameter names it.
struct OclType {
  bool isFloat = false;
  bool isSigned = false;
  bool isPointer = false;
  unsigned bits = 32;
  unsigned width = 0; // 0: a scalar
};

/// One OpenCL builtin: its base name and parameter types.
struct OclBuiltin {
  std::string name;
  std::vector<OclType> params;
};

/// The OpenCL builtin a declared function's mangled name stands for, if scopemc computes it.
std::optional<OclBuiltin> openClBuiltinNamed(llvm::StringRef mangled);

/// Computes one lane of builtin b: `args` holds each parameter's element bits for the lane
/// (a scalar parameter's value in every lane); `result` is the result's element type (its
/// signedness is the builtin's: a conversion's target, abs's unsigned type) and `vector`
/// whether the result is a vector (relationals give -1 for true there, 1 for a scalar).
uint64_t computeOpenCl(const OclBuiltin &b, const std::vector<uint64_t> &args, OclType result,
                       bool vector);

/// Whether b reduces across lanes (any, all, dot, length, distance, cross, normalize, shuffle):
/// computed by computeOpenClAcross on whole operands.
bool openClAcrossLanes(const OclBuiltin &b);

/// An across-lanes builtin: operands as lists of element bits (a scalar as one element);
/// the result's elements (one for a scalar result).
std::vector<uint64_t> computeOpenClAcross(const OclBuiltin &b,
                                          const std::vector<std::vector<uint64_t>> &args,
                                          unsigned resultWidth);

} // namespace scopemc
