// Relations over the events of one candidate execution, as bit matrices (at most 64 events):
// the algebra the reference model (Reference.cpp) and the .cat evaluator (Cat.h) compute with.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace scopemc::oracle {

struct Rel {
  std::vector<uint64_t> r;
  explicit Rel(size_t n = 0) : r(n, 0) {}
  size_t n() const { return r.size(); }
  bool has(size_t a, size_t b) const { return (r[a] >> b) & 1; }
  void add(size_t a, size_t b) { r[a] |= 1ull << b; }
};
inline Rel identity(size_t n) {
  Rel x(n);
  for (size_t i = 0; i < n; ++i)
    x.add(i, i);
  return x;
}
inline Rel unite(const Rel &a, const Rel &b) {
  Rel x = a;
  for (size_t i = 0; i < x.n(); ++i)
    x.r[i] |= b.r[i];
  return x;
}
inline Rel meet(const Rel &a, const Rel &b) {
  Rel x = a;
  for (size_t i = 0; i < x.n(); ++i)
    x.r[i] &= b.r[i];
  return x;
}
inline Rel seq(const Rel &a, const Rel &b) { // a ; b
  Rel x(a.n());
  for (size_t i = 0; i < a.n(); ++i)
    for (size_t j = 0; j < a.n(); ++j)
      if (a.has(i, j))
        x.r[i] |= b.r[j];
  return x;
}
inline Rel plus(const Rel &a) { // a+
  Rel x = a;
  for (size_t k = 0; k < x.n(); ++k)
    for (size_t i = 0; i < x.n(); ++i)
      if (x.has(i, k))
        x.r[i] |= x.r[k];
  return x;
}
inline Rel opt(const Rel &a) { return unite(a, identity(a.n())); } // a?
inline Rel star(const Rel &a) { return opt(plus(a)); }
inline Rel inverse(const Rel &a) {
  Rel x(a.n());
  for (size_t i = 0; i < a.n(); ++i)
    for (size_t j = 0; j < a.n(); ++j)
      if (a.has(i, j))
        x.add(j, i);
  return x;
}
inline Rel minus(const Rel &a, const Rel &b) {
  Rel x = a;
  for (size_t i = 0; i < x.n(); ++i)
    x.r[i] &= ~b.r[i];
  return x;
}
inline bool irreflexive(const Rel &a) {
  for (size_t i = 0; i < a.n(); ++i)
    if (a.has(i, i))
      return false;
  return true;
}
inline bool acyclic(const Rel &a) { return irreflexive(plus(a)); }
inline bool empty(const Rel &a) {
  return std::all_of(a.r.begin(), a.r.end(), [](uint64_t v) { return v == 0; });
}
template <typename P> inline Rel filter(size_t n, P pred) { // [pred] as a relation
  Rel x(n);
  for (size_t i = 0; i < n; ++i)
    if (pred(i))
      x.add(i, i);
  return x;
}

} // namespace scopemc::oracle
