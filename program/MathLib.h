// The C math library (float and double forms) and LLVM's floating-point intrinsics, computed
// in IEEE single or double precision as the hardware does: correctly rounded where C and CUDA
// require it (sqrt, fma, floor, fmin, ...); the transcendental functions (exp, sin, pow, ...)
// with the host's C library, within CUDA's documented error bounds but not bit for bit a
// GPU's (docs/cuda.md).
//
// Contract: pure functions over constant tables (built on first use), safe from every worker
// at once. Results are deterministic on one host; the transcendental ones follow its C library
// and may differ on another. computeMath reads args[0, mathArity(op)), which the caller must
// supply (Calls::mathCall refuses a call with fewer, InputError); single-precision operands are
// in the low 32 bits. It refuses nothing: a domain error gives C's result (NaN, infinity), an
// integer result is the 64-bit value the caller narrows, and lround or lrint of NaN or of a
// value out of range gives the host's value.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <llvm/ADT/StringRef.h>
#include <llvm/IR/Intrinsics.h>

namespace scopemc {

enum class MathOp : uint8_t {
  // one operand
  Sqrt,
  Cbrt,
  Exp,
  Exp2,
  Exp10,
  Expm1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  Floor,
  Ceil,
  Trunc,
  Round,
  RoundEven,
  Rint,
  Fabs,
  Erf,
  Erfc,
  Tgamma,
  Lgamma,
  Logb,
  // two
  Pow,
  Fmod,
  Atan2,
  Fmin,
  Fmax,
  Minimum,
  Maximum,
  Hypot,
  Copysign,
  Fdim,
  Remainder,
  Nextafter,
  // three
  Fma,
  MulAdd, // a * b + c, each rounded
  // integer results and operands
  Lround,
  Lrint,
  Ilogb,
  Ldexp,
  Powi,
  IsNan,
  IsInf,
  IsFinite,
  Signbit,
  Nan, // nan("..."): a quiet NaN (the payload string is ignored)
};

/// The operation a C library function stands for, and whether it is the float form.
struct MathFunction {
  MathOp op;
  bool single;
};
std::optional<MathFunction> mathFunctionNamed(llvm::StringRef name);
/// The operation of a floating-point intrinsic (llvm.sqrt, llvm.fma, ...). llvm.fmuladd
/// answers Fma, but Calls::intrinsic runs it itself: fused in GPU code, MulAdd elsewhere.
std::optional<MathOp> mathIntrinsic(llvm::Intrinsic::ID id);
/// How many operands op takes.
unsigned mathArity(MathOp op);

/// Computes op on operands given as bits (floating-point operands of the precision `single`
/// names; the integer operand of Ldexp and Powi as an integer); the result as bits of the
/// result type (`intResult`: an integer).
uint64_t computeMath(MathOp op, bool single, const std::vector<uint64_t> &args);
/// Whether op's result is an integer (Lround, Lrint, Ilogb and the classifications).
bool mathIntResult(MathOp op);

} // namespace scopemc
