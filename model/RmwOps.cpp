#include "model/RmwOps.h"

#include <bit>

namespace scopemc {

uint64_t applyRmw(RmwOp op, uint64_t old, uint64_t x, uint32_t size) {
  uint64_t m = size >= 8 ? ~0ull : ((1ull << (size * 8)) - 1);
  auto sx = [&](uint64_t v) {
    unsigned bits = size * 8;
    return bits >= 64
               ? static_cast<int64_t>(v)
               : static_cast<int64_t>(((v & m) ^ (1ull << (bits - 1))) - (1ull << (bits - 1)));
  };
  // Floating-point RMWs: 4 bytes is float, 8 bytes double (checked when the program loads).
  auto fp = [&](uint64_t v) {
    return size == 4 ? static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(v)))
                     : std::bit_cast<double>(v);
  };
  auto fromFp = [&](double d) {
    return size == 4 ? static_cast<uint64_t>(std::bit_cast<uint32_t>(static_cast<float>(d)))
                     : std::bit_cast<uint64_t>(d);
  };
  switch (op) {
  case RmwOp::Xchg:
    return x & m;
  case RmwOp::Add:
    return (old + x) & m;
  case RmwOp::Sub:
    return (old - x) & m;
  case RmwOp::And:
    return old & x & m;
  case RmwOp::Or:
    return (old | x) & m;
  case RmwOp::Xor:
    return (old ^ x) & m;
  case RmwOp::Nand:
    return ~(old & x) & m;
  case RmwOp::Max:
    return sx(old) >= sx(x) ? old : x & m;
  case RmwOp::Min:
    return sx(old) <= sx(x) ? old : x & m;
  case RmwOp::UMax:
    return (old & m) >= (x & m) ? old : x & m;
  case RmwOp::UMin:
    return (old & m) <= (x & m) ? old : x & m;
  case RmwOp::FAdd:
    return fromFp(fp(old) + fp(x));
  case RmwOp::FSub:
    return fromFp(fp(old) - fp(x));
  case RmwOp::UIncWrap:
    return (old & m) >= (x & m) ? 0 : (old + 1) & m;
  case RmwOp::UDecWrap:
    return (old & m) == 0 || (old & m) > (x & m) ? x & m : (old - 1) & m;
  default:
    return old;
  }
}

} // namespace scopemc
