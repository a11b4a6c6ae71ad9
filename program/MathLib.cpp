#include "program/MathLib.h"

#include <bit>
#include <cmath>

#include <llvm/ADT/StringMap.h>
#include <llvm/IR/Intrinsics.h>

namespace scopemc {

using namespace llvm;

namespace {

const StringMap<MathOp> &byName() {
  static const StringMap<MathOp> m = {
      {"sqrt", MathOp::Sqrt},
      {"cbrt", MathOp::Cbrt},
      {"exp", MathOp::Exp},
      {"exp2", MathOp::Exp2},
      {"exp10", MathOp::Exp10},
      {"expm1", MathOp::Expm1},
      {"log", MathOp::Log},
      {"log2", MathOp::Log2},
      {"log10", MathOp::Log10},
      {"log1p", MathOp::Log1p},
      {"sin", MathOp::Sin},
      {"cos", MathOp::Cos},
      {"tan", MathOp::Tan},
      {"asin", MathOp::Asin},
      {"acos", MathOp::Acos},
      {"atan", MathOp::Atan},
      {"sinh", MathOp::Sinh},
      {"cosh", MathOp::Cosh},
      {"tanh", MathOp::Tanh},
      {"asinh", MathOp::Asinh},
      {"acosh", MathOp::Acosh},
      {"atanh", MathOp::Atanh},
      {"floor", MathOp::Floor},
      {"ceil", MathOp::Ceil},
      {"trunc", MathOp::Trunc},
      {"round", MathOp::Round},
      {"rint", MathOp::Rint},
      {"nearbyint", MathOp::Rint},
      {"fabs", MathOp::Fabs},
      {"erf", MathOp::Erf},
      {"erfc", MathOp::Erfc},
      {"tgamma", MathOp::Tgamma},
      {"lgamma", MathOp::Lgamma},
      {"logb", MathOp::Logb},
      {"pow", MathOp::Pow},
      {"fmod", MathOp::Fmod},
      {"atan2", MathOp::Atan2},
      {"fmin", MathOp::Fmin},
      {"fmax", MathOp::Fmax},
      {"hypot", MathOp::Hypot},
      {"copysign", MathOp::Copysign},
      {"fdim", MathOp::Fdim},
      {"remainder", MathOp::Remainder},
      {"nextafter", MathOp::Nextafter},
      {"fma", MathOp::Fma},
      {"lround", MathOp::Lround},
      {"llround", MathOp::Lround},
      {"lrint", MathOp::Lrint},
      {"llrint", MathOp::Lrint},
      {"ilogb", MathOp::Ilogb},
      {"ldexp", MathOp::Ldexp},
      {"scalbn", MathOp::Ldexp},
      {"__isnan", MathOp::IsNan},
      {"__isinf", MathOp::IsInf},
      {"__finite", MathOp::IsFinite},
      {"__signbit", MathOp::Signbit},
      {"nan", MathOp::Nan},
  };
  return m;
}

template <typename T> T unary(MathOp op, T x) {
  switch (op) {
  case MathOp::Sqrt:
    return std::sqrt(x);
  case MathOp::Cbrt:
    return std::cbrt(x);
  case MathOp::Exp:
    return std::exp(x);
  case MathOp::Exp2:
    return std::exp2(x);
  case MathOp::Exp10:
    return std::pow(T(10), x);
  case MathOp::Expm1:
    return std::expm1(x);
  case MathOp::Log:
    return std::log(x);
  case MathOp::Log2:
    return std::log2(x);
  case MathOp::Log10:
    return std::log10(x);
  case MathOp::Log1p:
    return std::log1p(x);
  case MathOp::Sin:
    return std::sin(x);
  case MathOp::Cos:
    return std::cos(x);
  case MathOp::Tan:
    return std::tan(x);
  case MathOp::Asin:
    return std::asin(x);
  case MathOp::Acos:
    return std::acos(x);
  case MathOp::Atan:
    return std::atan(x);
  case MathOp::Sinh:
    return std::sinh(x);
  case MathOp::Cosh:
    return std::cosh(x);
  case MathOp::Tanh:
    return std::tanh(x);
  case MathOp::Asinh:
    return std::asinh(x);
  case MathOp::Acosh:
    return std::acosh(x);
  case MathOp::Atanh:
    return std::atanh(x);
  case MathOp::Floor:
    return std::floor(x);
  case MathOp::Ceil:
    return std::ceil(x);
  case MathOp::Trunc:
    return std::trunc(x);
  case MathOp::Round:
    return std::round(x);
  case MathOp::RoundEven:
  case MathOp::Rint: // the default rounding mode: to nearest, ties to even
    return std::nearbyint(x);
  case MathOp::Fabs:
    return std::fabs(x);
  case MathOp::Erf:
    return std::erf(x);
  case MathOp::Erfc:
    return std::erfc(x);
  case MathOp::Tgamma:
    return std::tgamma(x);
  case MathOp::Lgamma:
    return std::lgamma(x);
  default: // Logb
    return std::logb(x);
  }
}

template <typename T> T binary(MathOp op, T x, T y) {
  switch (op) {
  case MathOp::Pow:
    return std::pow(x, y);
  case MathOp::Fmod:
    return std::fmod(x, y);
  case MathOp::Atan2:
    return std::atan2(x, y);
  case MathOp::Fmin:
    return std::fmin(x, y);
  case MathOp::Fmax:
    return std::fmax(x, y);
  case MathOp::Minimum: // NaN if either is; -0 below +0
    return std::isnan(x) || std::isnan(y) ? std::numeric_limits<T>::quiet_NaN()
           : x == y                       ? (std::signbit(x) ? x : y)
                                          : std::fmin(x, y);
  case MathOp::Maximum:
    return std::isnan(x) || std::isnan(y) ? std::numeric_limits<T>::quiet_NaN()
           : x == y                       ? (std::signbit(x) ? y : x)
                                          : std::fmax(x, y);
  case MathOp::Hypot:
    return std::hypot(x, y);
  case MathOp::Copysign:
    return std::copysign(x, y);
  case MathOp::Fdim:
    return std::fdim(x, y);
  case MathOp::Remainder:
    return std::remainder(x, y);
  default: // Nextafter
    return std::nextafter(x, y);
  }
}

template <typename T> uint64_t bitsOf(T v) {
  if constexpr (sizeof(T) == 4)
    return std::bit_cast<uint32_t>(v);
  else
    return std::bit_cast<uint64_t>(v);
}

template <typename T> uint64_t compute(MathOp op, const std::vector<uint64_t> &a) {
  auto val = [&](size_t k) {
    if constexpr (sizeof(T) == 4)
      return std::bit_cast<float>(static_cast<uint32_t>(a[k]));
    else
      return std::bit_cast<double>(a[k]);
  };
  switch (op) {
  case MathOp::Fma:
    return bitsOf<T>(std::fma(val(0), val(1), val(2)));
  case MathOp::MulAdd: {
    volatile T product = val(0) * val(1); // rounded on its own: no contraction
    return bitsOf<T>(product + val(2));
  }
  case MathOp::Lround:
    return static_cast<uint64_t>(std::llround(val(0)));
  case MathOp::Lrint:
    return static_cast<uint64_t>(std::llrint(val(0)));
  case MathOp::Ilogb:
    return static_cast<uint64_t>(static_cast<int64_t>(std::ilogb(val(0))));
  case MathOp::Ldexp:
    return bitsOf<T>(std::ldexp(val(0), static_cast<int>(static_cast<int32_t>(a[1]))));
  case MathOp::Powi: // x to an integer power
    return bitsOf<T>(std::pow(val(0), static_cast<T>(static_cast<int32_t>(a[1]))));
  case MathOp::Nan:
    return bitsOf<T>(std::numeric_limits<T>::quiet_NaN());
  case MathOp::IsNan:
    return std::isnan(val(0)) ? 1 : 0;
  case MathOp::IsInf:
    return std::isinf(val(0)) ? (std::signbit(val(0)) ? uint64_t(-1) : 1) : 0;
  case MathOp::IsFinite:
    return std::isfinite(val(0)) ? 1 : 0;
  case MathOp::Signbit:
    return std::signbit(val(0)) ? 1 : 0;
  default:
    break;
  }
  if (mathArity(op) == 2)
    return bitsOf<T>(binary<T>(op, val(0), val(1)));
  return bitsOf<T>(unary<T>(op, val(0)));
}

} // namespace

std::optional<MathFunction> mathFunctionNamed(StringRef name) {
  const StringMap<MathOp> &m = byName();
  if (auto it = m.find(name); it != m.end())
    return MathFunction{it->second, false};
  if (name.ends_with("f"))
    if (auto it = m.find(name.drop_back()); it != m.end())
      return MathFunction{it->second, true};
  return std::nullopt;
}

std::optional<MathOp> mathIntrinsic(Intrinsic::ID id) {
  switch (id) {
  case Intrinsic::sqrt:
    return MathOp::Sqrt;
  case Intrinsic::exp:
    return MathOp::Exp;
  case Intrinsic::exp2:
    return MathOp::Exp2;
  case Intrinsic::exp10:
    return MathOp::Exp10;
  case Intrinsic::log:
    return MathOp::Log;
  case Intrinsic::log2:
    return MathOp::Log2;
  case Intrinsic::log10:
    return MathOp::Log10;
  case Intrinsic::sin:
    return MathOp::Sin;
  case Intrinsic::cos:
    return MathOp::Cos;
  case Intrinsic::tan:
    return MathOp::Tan;
  case Intrinsic::floor:
    return MathOp::Floor;
  case Intrinsic::ceil:
    return MathOp::Ceil;
  case Intrinsic::trunc:
    return MathOp::Trunc;
  case Intrinsic::round:
    return MathOp::Round;
  case Intrinsic::roundeven:
    return MathOp::RoundEven;
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
    return MathOp::Rint;
  case Intrinsic::pow:
    return MathOp::Pow;
  case Intrinsic::minnum:
    return MathOp::Fmin;
  case Intrinsic::maxnum:
    return MathOp::Fmax;
  case Intrinsic::minimum:
    return MathOp::Minimum;
  case Intrinsic::maximum:
    return MathOp::Maximum;
  case Intrinsic::copysign:
    return MathOp::Copysign;
  case Intrinsic::fma:
  case Intrinsic::fmuladd: // fused: CUDA contracts a * b + c into an fma
    return MathOp::Fma;
  case Intrinsic::lround:
  case Intrinsic::llround:
    return MathOp::Lround;
  case Intrinsic::lrint:
  case Intrinsic::llrint:
    return MathOp::Lrint;
  case Intrinsic::ldexp:
    return MathOp::Ldexp;
  case Intrinsic::powi:
    return MathOp::Powi;
  default:
    return std::nullopt;
  }
}

unsigned mathArity(MathOp op) {
  if (op == MathOp::Fma || op == MathOp::MulAdd)
    return 3;
  if (op >= MathOp::Pow && op <= MathOp::Nextafter)
    return 2;
  if (op == MathOp::Ldexp || op == MathOp::Powi)
    return 2;
  return 1;
}

bool mathIntResult(MathOp op) {
  return op == MathOp::Lround || op == MathOp::Lrint || op == MathOp::Ilogb ||
         op == MathOp::IsNan || op == MathOp::IsInf || op == MathOp::IsFinite ||
         op == MathOp::Signbit;
}

uint64_t computeMath(MathOp op, bool single, const std::vector<uint64_t> &args) {
  return single ? compute<float>(op, args) : compute<double>(op, args);
}

} // namespace scopemc
