#include "interpreter/Arithmetic.h"
#include "program/Bits.h"

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

namespace scopemc {

using namespace llvm;

unsigned intBits(Type *t) {
  if (t->isIntegerTy())
    return t->getIntegerBitWidth();
  return 64; // pointers
}
double asDouble(uint64_t b, Type *t) {
  if (t->isFloatTy())
    return std::bit_cast<float>(static_cast<uint32_t>(b));
  return std::bit_cast<double>(b);
}
uint64_t fromDouble(double d, Type *t) {
  if (t->isFloatTy())
    return std::bit_cast<uint32_t>(static_cast<float>(d));
  return std::bit_cast<uint64_t>(d);
}

namespace {
/// A bitcast between types of one size and different shapes (<4 x i8> to i32, <2 x float> to
/// double, float4 to int4): through the bytes, little-endian.
RtValue reinterpret(const DataLayout &dl, Type *from, Type *to, const RtValue &v) {
  std::vector<uint8_t> bytes;
  auto put = [&](Type *t, uint64_t bits) {
    for (uint64_t k = 0; k < dl.getTypeStoreSize(t); ++k)
      bytes.push_back(static_cast<uint8_t>(bits >> (8 * k)));
  };
  if (auto *vt = dyn_cast<FixedVectorType>(from))
    for (unsigned k = 0; k < vt->getNumElements(); ++k)
      put(vt->getElementType(), v.elems[k].bits);
  else
    put(from, v.bits);
  size_t at = 0;
  auto take = [&](Type *t) {
    uint64_t bits = 0;
    for (uint64_t k = 0; k < dl.getTypeStoreSize(t) && at < bytes.size(); ++k)
      bits |= static_cast<uint64_t>(bytes[at++]) << (8 * k);
    return bits;
  };
  if (auto *vt = dyn_cast<FixedVectorType>(to)) {
    RtValue r;
    for (unsigned k = 0; k < vt->getNumElements(); ++k)
      r.elems.push_back(RtValue{take(vt->getElementType()), {}});
    return r;
  }
  return RtValue{take(to), {}};
}

/// Float-to-integer conversions with a value for every input, whatever the host (C leaves NaN
/// and values out of range undefined, and so does C++ for the conversion here): NaN is 0, the
/// rest saturates at the 64-bit bounds before the result is cut to its width.
uint64_t toUnsigned(double d) {
  if (!(d > -1.0)) // NaN, or negative once truncated
    return 0;
  return d >= 18446744073709551616.0 ? ~uint64_t{0} : static_cast<uint64_t>(d);
}
int64_t toSigned(double d) {
  if (std::isnan(d))
    return 0;
  if (d <= -9223372036854775808.0)
    return std::numeric_limits<int64_t>::min();
  return d >= 9223372036854775808.0 ? std::numeric_limits<int64_t>::max() : static_cast<int64_t>(d);
}

} // namespace

std::optional<std::string> undefinedIntegerOp(const BinaryOperator &i, Type *t, uint64_t x,
                                              uint64_t y) {
  unsigned w = intBits(t);
  x &= maskBits(w);
  y &= maskBits(w);
  switch (i.getOpcode()) {
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    if (y == 0)
      return "division by zero";
    if ((i.getOpcode() == Instruction::SDiv || i.getOpcode() == Instruction::SRem) && w > 1 &&
        y == maskBits(w) && x == 1ull << (w - 1))
      return std::string("signed overflow: the ") + std::to_string(w) + "-bit minimum " +
             (i.getOpcode() == Instruction::SDiv ? "/" : "%") + " -1";
    return std::nullopt;
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr: // C: a shift by the width or more is undefined
    if (y >= w)
      return "shift by " + std::to_string(y) + " of a " + std::to_string(w) + "-bit value";
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

RtValue binaryOf(const BinaryOperator &i, Type *t, const RtValue &a, const RtValue &b) {
  if (t->isVectorTy()) { // element by element, each of the element type
    Type *et = cast<VectorType>(t)->getElementType();
    RtValue r;
    for (size_t k = 0; k < a.elems.size(); ++k)
      r.elems.push_back(binaryOf(i, et, a.elems[k], b.elems[k]));
    return r;
  }
  if (t->isFloatingPointTy()) {
    double x = asDouble(a.bits, t), y = asDouble(b.bits, t), z = 0;
    switch (i.getOpcode()) {
    case Instruction::FAdd:
      z = x + y;
      break;
    case Instruction::FSub:
      z = x - y;
      break;
    case Instruction::FMul:
      z = x * y;
      break;
    case Instruction::FDiv:
      z = x / y;
      break;
    case Instruction::FRem:
      z = std::fmod(x, y);
      break;
    default:
      break;
    }
    return RtValue{fromDouble(z, t), {}};
  }
  unsigned w = intBits(t);
  uint64_t x = a.bits & maskBits(w), y = b.bits & maskBits(w), z = 0;
  switch (i.getOpcode()) {
  case Instruction::Add:
    z = x + y;
    break;
  case Instruction::Sub:
    z = x - y;
    break;
  case Instruction::Mul:
    z = x * y;
    break;
  case Instruction::UDiv:
    z = x / y;
    break;
  case Instruction::SDiv:
    z = sextBits(y, w) == -1 ? 0 - x : static_cast<uint64_t>(sextBits(x, w) / sextBits(y, w));
    break;
  case Instruction::URem:
    z = x % y;
    break;
  case Instruction::SRem:
    z = sextBits(y, w) == -1 ? 0 : static_cast<uint64_t>(sextBits(x, w) % sextBits(y, w));
    break;
  case Instruction::Shl:
    z = y >= w ? 0 : x << y;
    break;
  case Instruction::LShr:
    z = y >= w ? 0 : x >> y;
    break;
  case Instruction::AShr:
    z = static_cast<uint64_t>(sextBits(x, w) >> std::min<uint64_t>(y, w - 1));
    break;
  case Instruction::And:
    z = x & y;
    break;
  case Instruction::Or:
    z = x | y;
    break;
  case Instruction::Xor:
    z = x ^ y;
    break;
  default:
    break;
  }
  return RtValue{z & maskBits(w), {}};
}

RtValue castValue(const DataLayout &dl, const CastInst &i, const RtValue &v) {
  Type *srcTy = i.getSrcTy(), *dst = i.getDestTy();
  if (dst->isVectorTy() || srcTy->isVectorTy()) {
    auto *sv = dyn_cast<FixedVectorType>(srcTy), *dv = dyn_cast<FixedVectorType>(dst);
    if (i.getOpcode() == Instruction::BitCast &&
        (!sv || !dv || sv->getNumElements() != dv->getNumElements()))
      return reinterpret(dl, srcTy, dst, v);
    if (!sv || !dv || sv->getNumElements() != dv->getNumElements())
      throw InputError("unsupported vector cast");
    RtValue r;
    for (unsigned k = 0; k < sv->getNumElements(); ++k)
      r.elems.push_back(
          castScalar(i.getOpcode(), sv->getElementType(), dv->getElementType(), v.elems[k]));
    return r;
  }
  return castScalar(i.getOpcode(), srcTy, dst, v);
}

RtValue castScalar(unsigned opcode, Type *srcTy, Type *dst, const RtValue &v) {
  unsigned sw = intBits(srcTy), dw = intBits(dst);
  switch (opcode) {
  case Instruction::Trunc:
    return RtValue{v.bits & maskBits(dw), {}};
  case Instruction::ZExt:
    return RtValue{v.bits & maskBits(sw), {}};
  case Instruction::SExt:
    return RtValue{static_cast<uint64_t>(sextBits(v.bits, sw)) & maskBits(dw), {}};
  case Instruction::FPTrunc:
  case Instruction::FPExt:
    return RtValue{fromDouble(asDouble(v.bits, srcTy), dst), {}};
  case Instruction::FPToUI:
    return RtValue{toUnsigned(asDouble(v.bits, srcTy)) & maskBits(dw), {}};
  case Instruction::FPToSI:
    return RtValue{static_cast<uint64_t>(toSigned(asDouble(v.bits, srcTy))) & maskBits(dw), {}};
  case Instruction::UIToFP: // (to float in one rounding: through double would round twice)
    if (dst->isFloatTy())
      return RtValue{std::bit_cast<uint32_t>(static_cast<float>(v.bits & maskBits(sw))), {}};
    return RtValue{fromDouble(static_cast<double>(v.bits & maskBits(sw)), dst), {}};
  case Instruction::SIToFP:
    if (dst->isFloatTy())
      return RtValue{std::bit_cast<uint32_t>(static_cast<float>(sextBits(v.bits, sw))), {}};
    return RtValue{fromDouble(static_cast<double>(sextBits(v.bits, sw)), dst), {}};
  default:
    return RtValue{v.bits & maskBits(dst->isIntegerTy() ? dw : 64), {}}; // bitcast, ptr<->int
  }
}

bool compareInt(CmpInst::Predicate p, uint64_t x, uint64_t y, unsigned w) {
  int64_t sx = sextBits(x, w), sy = sextBits(y, w);
  x &= maskBits(w);
  y &= maskBits(w);
  switch (p) {
  case CmpInst::ICMP_EQ:
    return x == y;
  case CmpInst::ICMP_NE:
    return x != y;
  case CmpInst::ICMP_UGT:
    return x > y;
  case CmpInst::ICMP_UGE:
    return x >= y;
  case CmpInst::ICMP_ULT:
    return x < y;
  case CmpInst::ICMP_ULE:
    return x <= y;
  case CmpInst::ICMP_SGT:
    return sx > sy;
  case CmpInst::ICMP_SGE:
    return sx >= sy;
  case CmpInst::ICMP_SLT:
    return sx < sy;
  case CmpInst::ICMP_SLE:
    return sx <= sy;
  default:
    return false;
  }
}
bool compareFloat(CmpInst::Predicate p, double x, double y) {
  bool unord = std::isnan(x) || std::isnan(y);
  switch (p) {
  case CmpInst::FCMP_FALSE:
    return false;
  case CmpInst::FCMP_TRUE:
    return true;
  case CmpInst::FCMP_OEQ:
    return !unord && x == y;
  case CmpInst::FCMP_OGT:
    return !unord && x > y;
  case CmpInst::FCMP_OGE:
    return !unord && x >= y;
  case CmpInst::FCMP_OLT:
    return !unord && x < y;
  case CmpInst::FCMP_OLE:
    return !unord && x <= y;
  case CmpInst::FCMP_ONE:
    return !unord && x != y;
  case CmpInst::FCMP_ORD:
    return !unord;
  case CmpInst::FCMP_UNO:
    return unord;
  case CmpInst::FCMP_UEQ:
    return unord || x == y;
  case CmpInst::FCMP_UGT:
    return unord || x > y;
  case CmpInst::FCMP_UGE:
    return unord || x >= y;
  case CmpInst::FCMP_ULT:
    return unord || x < y;
  case CmpInst::FCMP_ULE:
    return unord || x <= y;
  case CmpInst::FCMP_UNE:
    return unord || x != y;
  default:
    return false;
  }
}

} // namespace scopemc
