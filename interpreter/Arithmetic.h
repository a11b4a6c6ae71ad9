// The values the IR's pure instructions compute (arithmetic, casts, comparisons) on the
// interpreter's runtime values: integers zero-extended in 64 bits, floating point as its bit
// pattern, vectors element by element. No memory, no events: Interpreter::exec calls these.
//
// Contract: pure functions of their arguments, safe from every worker at once. Integer results
// are masked to the type's width; floating point is float (in the low 32 bits) or double (any
// other floating-point type is read as double). The caller must refuse what
// undefinedIntegerOp names first, in every vector element too: binaryOf divides as the host
// does, so a division by zero would trap. Everything else has a value here: a shift by the
// width or more gives 0 (ashr: the sign), the minimum / -1 wraps, a float-to-integer cast of
// NaN gives 0 and of a value out of range saturates at 64 bits before the cut to the width
// (never the host's undefined conversion). castValue throws InputError without a position
// (Interpreter::step adds the instruction's).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>

#include "program/Program.h"

namespace scopemc {

/// The width of an integer type in bits (64 for pointers).
unsigned intBits(llvm::Type *t);
/// A float or double value's bits as a double, and back.
double asDouble(uint64_t b, llvm::Type *t);
uint64_t fromDouble(double d, llvm::Type *t);

/// Why integer operation `i` on operands x and y of integer type t (one element of a vector)
/// is undefined in C: a division or remainder by zero, the minimum divided by -1, a shift by
/// the width or more; nullopt when it is defined. binaryOf gives such operations a value all
/// the same; the interpreter reports them first.
std::optional<std::string> undefinedIntegerOp(const llvm::BinaryOperator &i, llvm::Type *t,
                                              uint64_t x, uint64_t y);
/// i's operation on values of type t (a vector: element by element).
RtValue binaryOf(const llvm::BinaryOperator &i, llvm::Type *t, const RtValue &a, const RtValue &b);
/// The value cast i makes of v; throws InputError for a vector cast of another shape than a
/// bitcast through the bytes.
RtValue castValue(const llvm::DataLayout &dl, const llvm::CastInst &i, const RtValue &v);
RtValue castScalar(unsigned opcode, llvm::Type *src, llvm::Type *dst, const RtValue &v);
/// An integer comparison of the low w bits, and a floating-point one.
bool compareInt(llvm::CmpInst::Predicate p, uint64_t x, uint64_t y, unsigned w);
bool compareFloat(llvm::CmpInst::Predicate p, double x, double y);

} // namespace scopemc
