#include "program/OpenClLib.h"
#include "program/Bits.h"

#include <bit>
#include <cmath>
#include <limits>
#include <set>

#include <llvm/Demangle/Demangle.h>

#include "program/MathLib.h"

namespace scopemc {

using namespace llvm;

namespace {

const std::set<std::string> &known() {
  static const std::set<std::string> k = {
      // math (float)
      "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atanh", "atanpi", "atan2",
      "cbrt", "ceil", "copysign", "cos", "cosh", "cospi", "erf", "erfc", "exp", "exp2", "exp10",
      "expm1", "fabs", "fdim", "floor", "fma", "fmax", "fmin", "fmod", "hypot", "ldexp", "lgamma",
      "log", "log2", "log10", "log1p", "logb", "mad", "maxmag", "minmag", "nextafter", "pow",
      "pown", "powr", "remainder", "rint", "round", "rsqrt", "sin", "sinh", "sinpi", "sqrt", "tan",
      "tanh", "tanpi", "tgamma", "trunc", "native_cos", "native_divide", "native_exp",
      "native_exp2", "native_exp10", "native_log", "native_log2", "native_log10", "native_powr",
      "native_recip", "native_rsqrt", "native_sin", "native_sqrt", "native_tan", "half_cos",
      "half_divide", "half_exp", "half_exp2", "half_exp10", "half_log", "half_log2", "half_log10",
      "half_powr", "half_recip", "half_rsqrt", "half_sin", "half_sqrt", "half_tan",
      // common
      "clamp", "degrees", "max", "min", "mix", "radians", "sign", "smoothstep", "step",
      // integer
      "abs", "abs_diff", "add_sat", "clz", "ctz", "hadd", "mad24", "mad_hi", "mad_sat", "mul24",
      "mul_hi", "popcount", "rhadd", "rotate", "sub_sat", "upsample",
      // relational
      "isequal", "isnotequal", "isgreater", "isgreaterequal", "isless", "islessequal",
      "islessgreater", "isfinite", "isinf", "isnan", "isnormal", "isordered", "isunordered",
      "signbit", "select", "bitselect", "any", "all",
      // geometric and vector
      "dot", "cross", "length", "distance", "normalize", "fast_length", "fast_distance",
      "fast_normalize", "shuffle", "shuffle2"};
  return k;
}

OclType parseType(std::string t) {
  OclType o;
  o.isPointer = t.find('*') != std::string::npos;
  if (size_t v = t.find(" vector["); v != std::string::npos) {
    o.width = static_cast<unsigned>(std::stoul(t.substr(v + 8)));
    t = t.substr(0, v);
  }
  auto has = [&](const char *w) { return t.find(w) != std::string::npos; };
  bool u = has("unsigned");
  o.isFloat = has("float") || has("double") || has("half");
  o.bits = has("double") || has("long")  ? 64
           : has("short") || has("half") ? 16
           : has("char")                 ? 8
                                         : 32;
  o.isSigned = !u && !o.isFloat;
  return o;
}

std::vector<std::string> splitParams(const std::string &s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '(' || c == '<' || c == '[')
      ++depth;
    if (c == ')' || c == '>' || c == ']')
      --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    if (!(c == ' ' && cur.empty()))
      cur += c;
  }
  if (!cur.empty())
    out.push_back(cur);
  return out;
}

double toDouble(uint64_t b, const OclType &t) {
  if (t.isFloat)
    return t.bits == 64 ? std::bit_cast<double>(b) : std::bit_cast<float>(static_cast<uint32_t>(b));
  return t.isSigned ? static_cast<double>(sextBits(b, t.bits))
                    : static_cast<double>(b & maskBits(t.bits));
}
uint64_t fromDouble(double d, const OclType &t) {
  if (t.bits == 64)
    return std::bit_cast<uint64_t>(d);
  return std::bit_cast<uint32_t>(static_cast<float>(d));
}

/// A conversion's target: "convert_uchar4_sat_rte" -> unsigned 8 bits, saturating, to nearest.
struct Conversion {
  OclType to;
  bool sat = false;
  char round = 'z'; // z (integers: toward zero), e, p, n
};
Conversion conversionOf(const std::string &name, const OclType &result) {
  Conversion c;
  std::string t = name.substr(8);
  size_t cut = t.find_first_of("0123456789_");
  std::string base = t.substr(0, cut);
  c.to = parseType(base == "uchar"    ? "unsigned char"
                   : base == "ushort" ? "unsigned short"
                   : base == "uint"   ? "unsigned int"
                   : base == "ulong"  ? "unsigned long"
                                      : base);
  c.to.bits = result.bits;
  c.sat = name.find("_sat") != std::string::npos;
  if (size_t r = name.find("_rt"); r != std::string::npos && r + 3 < name.size())
    c.round = name[r + 3];
  else
    c.round = c.to.isFloat ? 'e' : 'z';
  return c;
}

double roundBy(double x, char mode) {
  switch (mode) {
  case 'e':
    return std::nearbyint(x);
  case 'p':
    return std::ceil(x);
  case 'n':
    return std::floor(x);
  default:
    return std::trunc(x);
  }
}

uint64_t convert(const std::string &name, uint64_t v, const OclType &from, OclType result) {
  Conversion c = conversionOf(name, result);
  if (c.to.isFloat) {
    if (!from.isFloat)
      return fromDouble(toDouble(v, from), c.to); // integers: to nearest (double is exact
                                                  // for 32 bits; 64-bit rounds once more)
    return fromDouble(toDouble(v, from), c.to);
  }
  if (!from.isFloat) {
    int64_t s = from.isSigned ? sextBits(v, from.bits) : 0;
    uint64_t u = v & maskBits(from.bits);
    if (!c.sat)
      return u & maskBits(c.to.bits);
    __int128 lo = c.to.isSigned ? -(static_cast<__int128>(1) << (c.to.bits - 1)) : 0;
    __int128 hi = c.to.isSigned ? (static_cast<__int128>(1) << (c.to.bits - 1)) - 1
                                : (static_cast<__int128>(1) << c.to.bits) - 1;
    __int128 x = from.isSigned ? static_cast<__int128>(s) : static_cast<__int128>(u);
    x = x < lo ? lo : x > hi ? hi : x;
    return static_cast<uint64_t>(x) & maskBits(c.to.bits);
  }
  double x = roundBy(toDouble(v, from), c.round);
  // out of range: saturated (without _sat OpenCL leaves it undefined; the same here)
  int bits = static_cast<int>(c.to.bits);
  if (std::isnan(x))
    return 0;
  if (c.to.isSigned) {
    if (x >= std::ldexp(1.0, bits - 1))
      return maskBits(c.to.bits) >> 1;
    if (x < -std::ldexp(1.0, bits - 1))
      return (uint64_t{1} << (bits - 1)) & maskBits(c.to.bits);
    return static_cast<uint64_t>(static_cast<int64_t>(x)) & maskBits(c.to.bits);
  }
  if (x >= std::ldexp(1.0, bits))
    return maskBits(c.to.bits);
  if (x < 0)
    return 0;
  return static_cast<uint64_t>(x) & maskBits(c.to.bits);
}

uint64_t floatOp(const std::string &n, const std::vector<uint64_t> &a, const OclType &t) {
  auto x = [&](size_t k) { return toDouble(a[k], t); };
  bool single = t.bits == 32;
  auto lib = [&](MathOp op) {
    std::vector<uint64_t> ops(a.begin(), a.begin() + mathArity(op));
    return computeMath(op, single, ops);
  };
  auto out = [&](double d) { return fromDouble(d, t); };
  std::string b = n;
  for (const char *pre : {"native_", "half_"})
    if (b.rfind(pre, 0) == 0)
      b = b.substr(std::string(pre).size());
  constexpr double kPi = 3.14159265358979323846;
  if (b == "divide")
    return out(x(0) / x(1));
  if (b == "recip")
    return out(1.0 / x(0));
  if (b == "rsqrt")
    return out(1.0 / std::sqrt(x(0)));
  if (b == "powr" || b == "pow")
    return lib(MathOp::Pow);
  if (b == "pown" || b == "ldexp") { // (float, int)
    std::vector<uint64_t> ops = {a[0], a[1]};
    return computeMath(b == "pown" ? MathOp::Powi : MathOp::Ldexp, single, ops);
  }
  if (b == "mad")
    return out(x(0) * x(1) + x(2));
  if (b == "mix")
    return out(x(0) + (x(1) - x(0)) * x(2));
  if (b == "clamp")
    return out(std::fmin(std::fmax(x(0), x(1)), x(2)));
  if (b == "step")
    return out(x(1) < x(0) ? 0.0 : 1.0);
  if (b == "smoothstep") {
    double s = std::fmin(std::fmax((x(2) - x(0)) / (x(1) - x(0)), 0.0), 1.0);
    return out(s * s * (3 - 2 * s));
  }
  if (b == "degrees")
    return out(x(0) * 180.0 / kPi);
  if (b == "radians")
    return out(x(0) * kPi / 180.0);
  if (b == "sign")
    return out(std::isnan(x(0)) ? 0.0 : x(0) > 0 ? 1.0 : x(0) < 0 ? -1.0 : x(0));
  if (b == "max")
    return lib(MathOp::Fmax);
  if (b == "min")
    return lib(MathOp::Fmin);
  if (b == "maxmag")
    return std::fabs(x(0)) > std::fabs(x(1))   ? a[0]
           : std::fabs(x(1)) > std::fabs(x(0)) ? a[1]
                                               : lib(MathOp::Fmax);
  if (b == "minmag")
    return std::fabs(x(0)) < std::fabs(x(1))   ? a[0]
           : std::fabs(x(1)) < std::fabs(x(0)) ? a[1]
                                               : lib(MathOp::Fmin);
  if (b == "acospi")
    return out(std::acos(x(0)) / kPi);
  if (b == "asinpi")
    return out(std::asin(x(0)) / kPi);
  if (b == "atanpi")
    return out(std::atan(x(0)) / kPi);
  if (b == "cospi")
    return out(std::cos(x(0) * kPi));
  if (b == "sinpi")
    return out(std::sin(x(0) * kPi));
  if (b == "tanpi")
    return out(std::tan(x(0) * kPi));
  auto m = mathFunctionNamed(b);
  return m ? lib(m->op) : 0;
}

uint64_t intOp(const std::string &n, const std::vector<uint64_t> &a, const OclType &t) {
  unsigned w = t.bits;
  uint64_t m = maskBits(w);
  auto s = [&](size_t k) { return sextBits(a[k], w); };
  auto u = [&](size_t k) { return a[k] & m; };
  auto clampTo = [&](__int128 v) -> uint64_t {
    __int128 lo = t.isSigned ? -(static_cast<__int128>(1) << (w - 1)) : 0;
    __int128 hi = t.isSigned ? (static_cast<__int128>(1) << (w - 1)) - 1
                             : (static_cast<__int128>(1) << w) - 1;
    return static_cast<uint64_t>(v < lo ? lo : v > hi ? hi : v) & m;
  };
  auto val = [&](size_t k) -> __int128 { return t.isSigned ? s(k) : static_cast<__int128>(u(k)); };
  if (n == "abs")
    return static_cast<uint64_t>(t.isSigned && s(0) < 0 ? -static_cast<__int128>(s(0)) : val(0)) &
           m;
  if (n == "abs_diff") {
    __int128 d = val(0) - val(1);
    return static_cast<uint64_t>(d < 0 ? -d : d) & m;
  }
  if (n == "add_sat")
    return clampTo(val(0) + val(1));
  if (n == "sub_sat")
    return clampTo(val(0) - val(1));
  if (n == "hadd")
    return static_cast<uint64_t>((val(0) + val(1)) >> 1) & m;
  if (n == "rhadd")
    return static_cast<uint64_t>((val(0) + val(1) + 1) >> 1) & m;
  if (n == "clz")
    return u(0) == 0 ? w
                     : static_cast<uint64_t>(std::countl_zero(u(0)) - (64 - static_cast<int>(w)));
  if (n == "ctz")
    return u(0) == 0 ? w : static_cast<uint64_t>(std::countr_zero(u(0)));
  if (n == "popcount")
    return static_cast<uint64_t>(std::popcount(u(0)));
  if (n == "mul24" || n == "mad24") {
    int64_t x = t.isSigned ? sextBits(a[0], 24) : static_cast<int64_t>(a[0] & 0xFFFFFF);
    int64_t y = t.isSigned ? sextBits(a[1], 24) : static_cast<int64_t>(a[1] & 0xFFFFFF);
    return static_cast<uint64_t>(x * y + (n == "mad24" ? static_cast<int64_t>(val(2)) : 0)) & m;
  }
  if (n == "mul_hi" || n == "mad_hi")
    return static_cast<uint64_t>(((val(0) * val(1)) >> w) + (n == "mad_hi" ? val(2) : 0)) & m;
  if (n == "mad_sat")
    return clampTo(val(0) * val(1) + val(2));
  if (n == "rotate") {
    unsigned r = static_cast<unsigned>(u(1) % w);
    return r == 0 ? u(0) : ((u(0) << r) | (u(0) >> (w - r))) & m;
  }
  if (n == "max")
    return static_cast<uint64_t>(std::max(val(0), val(1))) & m;
  if (n == "min")
    return static_cast<uint64_t>(std::min(val(0), val(1))) & m;
  if (n == "clamp")
    return static_cast<uint64_t>(std::min(std::max(val(0), val(1)), val(2))) & m;
  return 0;
}

bool relational(const std::string &n, const std::vector<uint64_t> &a, const OclType &t) {
  double x = toDouble(a[0], t), y = a.size() > 1 ? toDouble(a[1], t) : 0;
  if (n == "isequal")
    return x == y;
  if (n == "isnotequal")
    return x != y;
  if (n == "isgreater")
    return x > y;
  if (n == "isgreaterequal")
    return x >= y;
  if (n == "isless")
    return x < y;
  if (n == "islessequal")
    return x <= y;
  if (n == "islessgreater")
    return x < y || x > y;
  if (n == "isfinite")
    return std::isfinite(x);
  if (n == "isinf")
    return std::isinf(x);
  if (n == "isnan")
    return std::isnan(x);
  if (n == "isnormal")
    return std::isnormal(t.bits == 32 ? static_cast<float>(x) : x);
  if (n == "isordered")
    return !std::isnan(x) && !std::isnan(y);
  if (n == "isunordered")
    return std::isnan(x) || std::isnan(y);
  return std::signbit(x); // signbit
}

} // namespace

std::optional<OclBuiltin> openClBuiltinNamed(StringRef mangled) {
  if (!mangled.starts_with("_Z"))
    return std::nullopt;
  std::string d = llvm::demangle(mangled.str());
  size_t open = d.find('(');
  if (open == std::string::npos || d.back() != ')')
    return std::nullopt;
  OclBuiltin b;
  b.name = d.substr(0, open);
  if (b.name.rfind("convert_", 0) != 0 && !known().count(b.name))
    return std::nullopt;
  for (const std::string &p : splitParams(d.substr(open + 1, d.size() - open - 2)))
    b.params.push_back(parseType(p));
  if (b.params.empty() || b.params[0].isPointer)
    return std::nullopt;
  return b;
}

uint64_t computeOpenCl(const OclBuiltin &b, const std::vector<uint64_t> &args, OclType result,
                       bool vector) {
  const std::string &n = b.name;
  const OclType &t = b.params[0];
  if (n.rfind("convert_", 0) == 0)
    return convert(n, args[0], t, result);
  if (n == "select") { // (a, b, c): c's most significant bit (vector) or c != 0 (scalar)
    const OclType &ct = b.params[2];
    bool pick = vector ? (args[2] >> (ct.bits - 1)) & 1 : (args[2] & maskBits(ct.bits)) != 0;
    return pick ? args[1] : args[0];
  }
  if (n == "bitselect")
    return (args[0] & ~args[2]) | (args[1] & args[2]);
  if (n.rfind("is", 0) == 0 || n == "signbit") {
    bool r = relational(n, args, t);
    return r ? (vector ? maskBits(result.bits) : 1) : 0;
  }
  if (n == "upsample") { // (hi, lo): twice as wide
    const OclType &lo = b.params[1];
    return ((args[0] & maskBits(t.bits)) << lo.bits) | (args[1] & maskBits(lo.bits));
  }
  if (t.isFloat)
    return floatOp(n, args, t);
  return intOp(n, args, t);
}

bool openClAcrossLanes(const OclBuiltin &b) {
  static const std::set<std::string> across = {
      "any",       "all",         "dot",           "cross",          "length",  "distance",
      "normalize", "fast_length", "fast_distance", "fast_normalize", "shuffle", "shuffle2"};
  return across.count(b.name) != 0;
}

std::vector<uint64_t> computeOpenClAcross(const OclBuiltin &b,
                                          const std::vector<std::vector<uint64_t>> &args,
                                          unsigned resultWidth) {
  const OclType &t = b.params[0];
  const std::string &n = b.name;
  auto f = [&](uint64_t v) { return toDouble(v, t); };
  auto out = [&](double d) { return fromDouble(d, t); };
  if (n == "any" || n == "all") { // the most significant bit of each element
    bool anyv = false, allv = true;
    for (uint64_t v : args[0]) {
      bool msb = (v >> (t.bits - 1)) & 1;
      anyv = anyv || msb;
      allv = allv && msb;
    }
    return {(n == "any" ? anyv : allv) ? 1u : 0u};
  }
  if (n == "shuffle" || n == "shuffle2") { // (x[, y], mask): element mask[k] of x ++ y
    std::vector<uint64_t> pool = args[0];
    if (n == "shuffle2")
      pool.insert(pool.end(), args[1].begin(), args[1].end());
    const std::vector<uint64_t> &m = args.back();
    std::vector<uint64_t> r;
    for (uint64_t k : m)
      r.push_back(pool[k % pool.size()]);
    return r;
  }
  auto dot = [&](const std::vector<uint64_t> &x, const std::vector<uint64_t> &y) {
    double s = 0;
    for (size_t k = 0; k < x.size(); ++k)
      s += f(x[k]) * f(y[k]);
    return s;
  };
  std::string base = n.rfind("fast_", 0) == 0 ? n.substr(5) : n;
  if (base == "dot")
    return {out(dot(args[0], args[1]))};
  if (base == "length")
    return {out(std::sqrt(dot(args[0], args[0])))};
  if (base == "distance") {
    std::vector<uint64_t> d;
    for (size_t k = 0; k < args[0].size(); ++k)
      d.push_back(out(f(args[0][k]) - f(args[1][k])));
    return {out(std::sqrt(dot(d, d)))};
  }
  if (base == "normalize") {
    double len = std::sqrt(dot(args[0], args[0]));
    std::vector<uint64_t> r;
    for (uint64_t v : args[0])
      r.push_back(out(len == 0 ? f(v) : f(v) / len));
    return r;
  }
  // cross (float3, float4: the fourth element 0)
  const auto &x = args[0], &y = args[1];
  std::vector<uint64_t> r = {out(f(x[1]) * f(y[2]) - f(x[2]) * f(y[1])),
                             out(f(x[2]) * f(y[0]) - f(x[0]) * f(y[2])),
                             out(f(x[0]) * f(y[1]) - f(x[1]) * f(y[0]))};
  while (r.size() < resultWidth)
    r.push_back(out(0));
  return r;
}

} // namespace scopemc
