// The values the IR's pure instructions compute (arithmetic, casts, comparisons) on the
// interpreter's runtime values: integers zero-extended in 64 bits, floating point as its bit
// pattern, vectors element by element. No memory, no events: Interpreter::exec calls these.
#pragma once

#include <cstdint>

#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>

#include "interpreter/Program.h"

namespace scopemc {

/// The width of an integer type in bits (64 for pointers).
unsigned intBits(llvm::Type *t);
/// A float or double value's bits as a double, and back.
double asDouble(uint64_t b, llvm::Type *t);
uint64_t fromDouble(double d, llvm::Type *t);

/// i's operation on values of type t (a vector: element by element); division by zero and
/// over-wide shifts are the caller's to refuse first.
RtValue binaryOf(const llvm::BinaryOperator &i, llvm::Type *t, const RtValue &a, const RtValue &b);
/// The value cast i makes of v; throws InputError for a vector cast of another shape than a
/// bitcast through the bytes.
RtValue castValue(const llvm::DataLayout &dl, const llvm::CastInst &i, const RtValue &v);
RtValue castScalar(unsigned opcode, llvm::Type *src, llvm::Type *dst, const RtValue &v);
/// An integer comparison of the low w bits, and a floating-point one.
bool compareInt(llvm::CmpInst::Predicate p, uint64_t x, uint64_t y, unsigned w);
bool compareFloat(llvm::CmpInst::Predicate p, double x, double y);

} // namespace scopemc
