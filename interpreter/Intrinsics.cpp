// Calls that only compute: the C math library and floating-point intrinsics (MathLib.h),
// OpenCL C's built-in functions (OpenClLib.h), and LLVM's intrinsics (memory ones through the
// host's bulk operations), element-wise on vectors.
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>

#include <llvm/IR/IntrinsicInst.h>

#include "interpreter/Calls.h"
#include "program/Bits.h"

namespace scopemc {

using namespace llvm;

namespace {
/// LLVM's FPClassTest bit of the float (single) or double with bits x: 0 signalling NaN, 1
/// quiet NaN, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf.
unsigned fpClassOf(uint64_t x, bool single) {
  int c = single ? std::fpclassify(std::bit_cast<float>(static_cast<uint32_t>(x)))
                 : std::fpclassify(std::bit_cast<double>(x));
  bool neg = single ? (x >> 31) & 1 : (x >> 63) & 1;
  switch (c) {
  case FP_NAN: // signalling when the quiet bit is clear
    return (single ? (x >> 22) & 1 : (x >> 51) & 1) ? 1 : 0;
  case FP_INFINITE:
    return neg ? 2 : 9;
  case FP_ZERO:
    return neg ? 5 : 6;
  case FP_SUBNORMAL:
    return neg ? 4 : 7;
  default:
    return neg ? 3 : 8;
  }
}

/// Whether a math intrinsic's floating-point operand is single precision.
bool t32(const CallBase &i) {
  for (const Use &a : i.args())
    if (a->getType()->getScalarType()->isFloatingPointTy())
      return a->getType()->getScalarType()->isFloatTy();
  return false;
}
/// The element-wise intrinsics on one element `a` (and `b`, the second operand's element or
/// an immediate) of type `et`; nullopt for any other intrinsic (a probe says whether `id` is
/// one of them).
std::optional<uint64_t> onElement(Intrinsic::ID id, uint64_t a, uint64_t b, Type *et) {
  unsigned w = et->isIntegerTy() ? et->getIntegerBitWidth() : 64;
  a &= maskBits(w);
  b &= maskBits(w);
  switch (id) {
  case Intrinsic::smax:
    return sextBits(a, w) >= sextBits(b, w) ? a : b;
  case Intrinsic::smin:
    return sextBits(a, w) <= sextBits(b, w) ? a : b;
  case Intrinsic::umax:
    return std::max(a, b);
  case Intrinsic::umin:
    return std::min(a, b);
  case Intrinsic::abs: {
    int64_t v = sextBits(a, w);
    return static_cast<uint64_t>(v < 0 ? -v : v) & maskBits(w);
  }
  case Intrinsic::ctpop:
    return static_cast<uint64_t>(__builtin_popcountll(a));
  case Intrinsic::bswap:
    return __builtin_bswap64(a) >> (64 - w);
  case Intrinsic::ctlz:
    return a ? static_cast<uint64_t>(__builtin_clzll(a) - (64 - static_cast<int>(w))) : w;
  case Intrinsic::cttz:
    return a ? static_cast<uint64_t>(__builtin_ctzll(a)) : w;
  case Intrinsic::bitreverse: {
    uint64_t r = 0;
    for (unsigned k = 0; k < w; ++k)
      r |= ((a >> k) & 1) << (w - 1 - k);
    return r;
  }
  case Intrinsic::fabs: // the sign bit cleared (exact, NaNs included)
    return a & ~(et->isFloatTy() ? (1ull << 31) : (1ull << 63));
  case Intrinsic::is_fpclass: // (x, classes): bit k of classes is LLVM's FPClassTest k
    return (b >> fpClassOf(a, et->isFloatTy())) & 1;
  default:
    return std::nullopt;
  }
}

} // namespace

Flow Calls::mathCall(Frame &f, const CallBase &i, MathOp op, bool single) {
  unsigned n = mathArity(op);
  std::vector<RtValue> ops;
  for (unsigned k = 0; k < n && k < i.arg_size(); ++k)
    ops.push_back(host_.get(f, i.getArgOperand(k)));
  if (ops.size() != n)
    throw InputError(toString(host_.src(i)) + ": '" + calledFunction(i)->getName().str() +
                     "' is called with too few arguments");
  auto one = [&](auto elem) {
    std::vector<uint64_t> bits;
    for (auto &o : ops)
      bits.push_back(elem(o));
    return computeMath(op, single, bits);
  };
  Type *rt = i.getType();
  uint64_t m = rt->getScalarType()->isIntegerTy() && rt->getScalarSizeInBits() < 64
                   ? (1ull << rt->getScalarSizeInBits()) - 1
                   : ~0ull;
  if (auto *vt = dyn_cast<FixedVectorType>(rt)) { // element-wise
    RtValue v;
    for (unsigned e = 0; e < vt->getNumElements(); ++e)
      v.elems.push_back(RtValue{
          one([&](const RtValue &o) { return o.elems.empty() ? o.bits : o.elems[e].bits; }) & m,
          {}});
    host_.set(f, i, std::move(v));
  } else {
    host_.set(f, i, RtValue{one([](const RtValue &o) { return o.bits; }) & m, {}});
  }
  return Flow::Next;
}

Flow Calls::openClCall(Frame &f, const CallBase &i, const Function &callee) {
  auto it = openCl_.find(&callee);
  if (it == openCl_.end()) {
    std::optional<OclBuiltin> parsed = openClBuiltinNamed(callee.getName());
    if (!parsed) // resolved as one at load (builtinNamed)
      throw InputError(toString(host_.src(i)) + ": unsupported function '" +
                       callee.getName().str() + "'");
    it = openCl_.emplace(&callee, std::move(*parsed)).first;
  }
  const OclBuiltin &b = it->second;
  if (i.arg_size() < b.params.size())
    throw InputError(toString(host_.src(i)) + ": '" + b.name +
                     "' is called with too few arguments");
  Type *rt = i.getType();
  auto *vt = dyn_cast<FixedVectorType>(rt);
  unsigned width = vt ? vt->getNumElements() : 0;
  OclType res;
  res.isFloat = rt->getScalarType()->isFloatingPointTy();
  res.bits = rt->getScalarSizeInBits();
  std::vector<RtValue> args;
  for (unsigned k = 0; k < b.params.size(); ++k)
    args.push_back(host_.get(f, i.getArgOperand(k)));
  auto elementsOf = [](const RtValue &v) {
    std::vector<uint64_t> e;
    if (v.elems.empty())
      e.push_back(v.bits);
    for (size_t k = 0; k < v.elems.size(); ++k)
      e.push_back(v.elems[k].bits);
    return e;
  };
  uint64_t m = res.bits >= 64 ? ~0ull : (1ull << res.bits) - 1;
  std::vector<uint64_t> out;
  if (openClAcrossLanes(b)) {
    std::vector<std::vector<uint64_t>> ops;
    for (const RtValue &a : args)
      ops.push_back(elementsOf(a));
    out = computeOpenClAcross(b, ops, width);
  } else {
    for (unsigned lane = 0; lane < std::max(width, 1u); ++lane) {
      std::vector<uint64_t> ops;
      for (const RtValue &a : args)
        ops.push_back(a.elems.empty() ? a.bits : a.elems[lane].bits);
      out.push_back(computeOpenCl(b, ops, res, width != 0));
    }
  }
  if (!vt) {
    host_.set(f, i, RtValue{out.empty() ? 0 : out[0] & m, {}});
    return Flow::Next;
  }
  RtValue v;
  for (unsigned lane = 0; lane < width; ++lane)
    v.elems.push_back(RtValue{lane < out.size() ? out[lane] & m : 0, {}});
  host_.set(f, i, std::move(v));
  return Flow::Next;
}

Flow Calls::intrinsic(Thread &th, Frame &f, const CallBase &i, Intrinsic::ID id) {
  if (Type *et = i.arg_size() > 0 ? i.getArgOperand(0)->getType()->getScalarType() : nullptr;
      et && onElement(id, 0, 0, et)) { // element by element on a vector, as on a scalar
    RtValue a = host_.get(f, i.getArgOperand(0));
    uint64_t b = i.arg_size() > 1 ? host_.bits(f, i.getArgOperand(1)) : 0;
    if (a.elems.empty()) {
      host_.set(f, i, RtValue{onElement(id, a.bits, b, et).value_or(0), {}});
      return Flow::Next;
    }
    RtValue v; // (a second vector operand: smax, smin, umax, umin)
    RtValue second = i.arg_size() > 1 && i.getArgOperand(1)->getType()->isVectorTy()
                         ? host_.get(f, i.getArgOperand(1))
                         : RtValue{};
    for (size_t k = 0; k < a.elems.size(); ++k)
      v.elems.push_back(RtValue{
          onElement(id, a.elems[k].bits, second.elems.empty() ? b : second.elems[k].bits, et)
              .value_or(0),
          {}});
    host_.set(f, i, std::move(v));
    return Flow::Next;
  }
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  unsigned w = i.getType()->isIntegerTy() ? i.getType()->getIntegerBitWidth() : 64;
  auto result = [&](uint64_t v) {
    host_.set(f, i, RtValue{v & maskBits(w), {}});
    return Flow::Next;
  };
  switch (id) {
  case Intrinsic::memcpy:
  case Intrinsic::memmove:
    return host_.copyMemory(th, i, arg(0), arg(1), arg(2));
  case Intrinsic::memset: {
    ByteRun run{0, arg(0), arg(2), nullptr, static_cast<uint8_t>(arg(1))};
    return host_.storeRuns(th, i, {&run, 1});
  }
  case Intrinsic::expect:
    return result(arg(0));
  case Intrinsic::threadlocal_address: // this thread's instance (addr::kThreadLocal)
    return result(addr::threadBase(addr::kThreadLocal, th.tid) + addr::offsetIn(arg(0)));
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow: {
    unsigned bw = i.getArgOperand(0)->getType()->getIntegerBitWidth();
    APInt a(bw, arg(0)), b(bw, arg(1)), r;
    bool ov = false;
    switch (id) {
    case Intrinsic::sadd_with_overflow:
      r = a.sadd_ov(b, ov);
      break;
    case Intrinsic::uadd_with_overflow:
      r = a.uadd_ov(b, ov);
      break;
    case Intrinsic::ssub_with_overflow:
      r = a.ssub_ov(b, ov);
      break;
    case Intrinsic::usub_with_overflow:
      r = a.usub_ov(b, ov);
      break;
    case Intrinsic::smul_with_overflow:
      r = a.smul_ov(b, ov);
      break;
    default:
      r = a.umul_ov(b, ov);
      break;
    }
    host_.set(f, i, RtValue{0, {RtValue{r.getZExtValue(), {}}, RtValue{ov ? 1u : 0u, {}}}});
    return Flow::Next;
  }
  case Intrinsic::trap:
    return host_.fail(th, i, ErrorKind::Assertion, "trap instruction executed");
  case Intrinsic::fmuladd: { // fused on a GPU (nvcc's default), a multiply and an add on a CPU
    bool gpu = i.getFunction()->getFnAttribute("target-cpu").getValueAsString().starts_with("sm_");
    return mathCall(f, i, gpu ? MathOp::Fma : MathOp::MulAdd, t32(i));
  }
  default:
    if (auto op = mathIntrinsic(id))
      return mathCall(f, i, *op, t32(i));
    return Flow::Next; // debug info, lifetime markers and other hints
  }
}

} // namespace scopemc
