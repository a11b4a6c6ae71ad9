// C++ library functions the standard headers declare but leave to the compiled library
// (libstdc++.so), written here so that programs using them run as code: the growth policy of
// std::unordered_map and std::unordered_set. The front end compiles this file and links the
// definitions a program calls (frontend/Libc.cpp).
//
// The policy: bucket counts are primes; a table grows when its elements would exceed the
// buckets times the maximum load factor, to at least twice as many buckets.
#include <cmath>
#include <unordered_map>

namespace {
bool isPrime(std::size_t n) {
  if (n < 2)
    return false;
  for (std::size_t d = 2; d * d <= n; ++d)
    if (n % d == 0)
      return false;
  return true;
}
} // namespace

std::size_t std::__detail::_Prime_rehash_policy::_M_next_bkt(std::size_t n) const {
  std::size_t p = n < 2 ? 2 : n;
  while (!isPrime(p))
    ++p;
  _M_next_resize = static_cast<std::size_t>(std::floor(p * double(_M_max_load_factor)));
  return p;
}

std::pair<bool, std::size_t>
std::__detail::_Prime_rehash_policy::_M_need_rehash(std::size_t buckets, std::size_t elements,
                                                    std::size_t inserted) const {
  if (elements + inserted <= _M_next_resize)
    return {false, 0};
  double least = double(elements + inserted) / double(_M_max_load_factor);
  if (least >= double(buckets)) {
    std::size_t want = static_cast<std::size_t>(std::floor(least)) + 1;
    return {true, _M_next_bkt(want > 2 * buckets ? want : 2 * buckets)};
  }
  _M_next_resize = static_cast<std::size_t>(std::floor(buckets * double(_M_max_load_factor)));
  return {false, 0};
}
