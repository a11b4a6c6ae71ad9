// LocationMap (model/LocationMap.h) against std::map: insertions, erasures, lookups, ordered
// iteration, lower bounds and the in-place rebuild, over maps of several chunks.
#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <random>
#include <vector>

#include "model/LocationMap.h"

using namespace scopemc;

namespace {

void expectSame(const LocationMap<int> &m, const std::map<Addr, int> &ref) {
  ASSERT_EQ(m.size(), ref.size());
  auto it = m.begin();
  for (auto &[a, v] : ref) {
    ASSERT_NE(it, m.end());
    EXPECT_EQ(it->first, a);
    EXPECT_EQ(it->second, v);
    ++it;
  }
  EXPECT_EQ(it, m.end());
}

} // namespace

TEST(LocationMaps, BehaveAsAnOrderedMap) {
  std::mt19937 rng(2026);
  for (int round = 0; round < 20; ++round) {
    LocationMap<int> m;
    std::map<Addr, int> ref;
    const unsigned range = round % 2 ? 300 : 5000; // (few: dense chunks; many: splits)
    for (int step = 0; step < 3000; ++step) {
      Addr a = 8 * (rng() % range);
      switch (rng() % 5) {
      case 0:
      case 1:
        m[a] = step, ref[a] = step;
        break;
      case 2:
        m.erase(a), ref.erase(a);
        break;
      case 3: {
        const int *got = m.find(a);
        auto want = ref.find(a);
        ASSERT_EQ(got != nullptr, want != ref.end());
        if (got) {
          EXPECT_EQ(*got, want->second);
        }
        auto lb = m.lowerBound(a);
        auto wantLb = ref.lower_bound(a);
        ASSERT_EQ(lb == m.end(), wantLb == ref.end());
        if (lb != m.end()) {
          EXPECT_EQ(lb->first, wantLb->first);
        }
        if (lb != m.begin() && wantLb != ref.begin()) {
          EXPECT_EQ(std::prev(lb)->first, std::prev(wantLb)->first);
        }
        break;
      }
      default: { // rebuilt in place, keeping every other location
        std::map<Addr, int> kept;
        size_t k = 0, i = 0;
        for (auto &[x, v] : ref)
          if (i++ % 2 == 0)
            kept[x] = v;
        std::vector<std::pair<Addr, int>> order(kept.begin(), kept.end());
        for (auto &[x, v] : order)
          m.slot(k++, x) = v;
        m.truncate(k);
        ref = kept;
      }
      }
      if (step % 97 == 0)
        expectSame(m, ref);
    }
    expectSame(m, ref);
  }
}
