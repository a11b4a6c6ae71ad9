// OpenCL C's built-in function library as SPIR compilation calls it (mangled overloads such as
// `_Z7add_satii` or `_Z14convert_float4Dv4_i`): recognised by their demangled names and
// computed element-wise on scalars and vectors: conversions (convert_T[_sat][_rte...]), the
// math, integer, common, relational and geometric functions, and shuffle/shuffle2.
// docs/opencl.md lists them.
//
// Contract: pure functions over constant tables, safe from every worker at once; they refuse
// nothing (an unknown name is no builtin, which the caller refuses). openClBuiltinNamed gives
// only a convert_ or listed name whose first parameter is not a pointer. The compute
// functions read one value per parameter of b (Calls::openClCall checks the call has them)
// and give element bits the caller masks to the result's width. Floating point is float or
// double: a `half` overload is recognised but computed as if its bits were a float's. A known
// name on operands it has no form for gives 0.
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
