// Integers of a width below 64 bits, as the interpreter keeps them (zero-extended in 64).
//
// Contract: pure and inline. `bits` is a width of 1 to 64 (64 or more: the whole word; 0 is
// allowed in maskBits only, which then gives 0); only the low `bits` bits of v are read.
#pragma once

#include <cstdint>

namespace scopemc {

/// The low `bits` bits set.
inline uint64_t maskBits(unsigned bits) { return bits >= 64 ? ~0ull : ((1ull << bits) - 1); }

/// The `bits`-bit integer in the low bits of v, sign-extended.
inline int64_t sextBits(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return static_cast<int64_t>(v);
  uint64_t m = 1ull << (bits - 1);
  return static_cast<int64_t>(((v & maskBits(bits)) ^ m) - m);
}

} // namespace scopemc
