// std::unordered_map and std::unordered_set, whose growth policy scopemc runs as code
// (include/scopemc/libcxx.cpp): inserts that rehash several times, lookups, erasure. Every
// check is what the C++ standard says of the containers: verified, one execution.
#include <cassert>
#include <unordered_map>
#include <unordered_set>

int main() {
  std::unordered_map<int, int> squares;
  for (int i = 0; i < 40; i++)
    squares[i] = i * i;
  assert(squares.size() == 40);
  assert(squares.bucket_count() >= 40); // the load factor stays at most 1
  for (int i = 0; i < 40; i++)
    assert(squares.at(i) == i * i);
  assert(squares.erase(7) == 1 && squares.count(7) == 0 && squares.size() == 39);
  std::unordered_set<long> seen{3, 1, 4, 1, 5, 9, 2, 6};
  assert(seen.size() == 7 && seen.count(1) == 1 && seen.count(8) == 0);
  seen.rehash(100);
  assert(seen.bucket_count() >= 100 && seen.count(9) == 1);
  return 0;
}
