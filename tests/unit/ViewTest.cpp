// Views against a plain vector of entries: random sets, raises, joins and copies, with every
// copy checked after each change (copies share their entries until one of them changes).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "model/View.h"

namespace scopemc {
namespace {

struct Plain {
  std::vector<int32_t> v;
  int32_t get(ThreadId t) const {
    return static_cast<size_t>(t) < v.size() ? v[static_cast<size_t>(t)] : -1;
  }
  void set(ThreadId t, int32_t i) {
    if (static_cast<size_t>(t) >= v.size())
      v.resize(static_cast<size_t>(t) + 1, -1);
    v[static_cast<size_t>(t)] = i;
  }
};

void expectSame(const View &view, const Plain &plain, int threads) {
  for (ThreadId t = 0; t < threads + 2; ++t)
    ASSERT_EQ(view.get(t), plain.get(t)) << "thread " << t;
}

TEST(Views, SharedEntriesBehaveAsPlainVectors) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    // (up to 200 threads: arrays of several chunks, model/View.h)
    const int threads = 1 + static_cast<int>(rng() % (round % 2 ? 40 : 200));
    std::vector<View> views(6);
    std::vector<Plain> plains(6);
    for (int step = 0; step < 300; ++step) {
      size_t a = rng() % views.size(), b = rng() % views.size();
      auto t = static_cast<ThreadId>(rng() % static_cast<unsigned>(threads));
      auto idx = static_cast<int32_t>(rng() % 50) - 1;
      switch (rng() % 8) {
      case 6: // the own entry moved into the array: the entries stay
        views[a].settleOwn();
        break;
      case 7: // another thread's entry made the own one: the entries stay
        views[a].keepOwn(t);
        break;
      case 0:
        views[a].set(t, idx), plains[a].set(t, idx);
        break;
      case 1:
        views[a].raise(t, idx);
        plains[a].set(t, std::max(plains[a].get(t), idx));
        break;
      case 2:
        views[a].join(views[b]);
        for (ThreadId u = 0; u < threads; ++u)
          plains[a].set(u, std::max(plains[a].get(u), plains[b].get(u)));
        break;
      case 3:
        views[a] = views[b], plains[a] = plains[b];
        break;
      case 4:
        views[a] = View{}, plains[a] = Plain{};
        break;
      default: {
        if (a == b)
          break;
        View moved = std::move(views[b]);
        views[b] = View{};
        views[a] = std::move(moved);
        plains[a] = plains[b];
        plains[b] = Plain{};
      }
      }
      for (size_t i = 0; i < views.size(); ++i)
        expectSame(views[i], plains[i], threads);
      for (size_t i = 0; i < views.size(); ++i)
        for (size_t j = 0; j < views.size(); ++j) {
          bool same = true;
          for (ThreadId u = 0; u < threads + 2; ++u)
            same = same && plains[i].get(u) == plains[j].get(u);
          ASSERT_EQ(views[i] == views[j], same);
        }
    }
  }
}

// Thread ids spread over several pages of the shared tree (model/View.h: 4,096 entries per
// page), few of them: joins, copies and sets that cross pages and chunks.
TEST(Views, SparseEntriesAcrossPagesBehaveAsPlainVectors) {
  std::mt19937 rng(777);
  std::vector<ThreadId> ids;
  for (ThreadId base : {0, 60, 4090, 8190, 12300, 70000})
    for (ThreadId d = 0; d < 8; ++d)
      ids.push_back(base + d);
  for (int round = 0; round < 40; ++round) {
    std::vector<View> views(5);
    std::vector<std::vector<int32_t>> plains(5, std::vector<int32_t>(ids.size(), -1));
    for (int step = 0; step < 400; ++step) {
      size_t a = rng() % views.size(), b = rng() % views.size(), k = rng() % ids.size();
      auto idx = static_cast<int32_t>(rng() % 50) - 1;
      switch (rng() % 6) {
      case 4:
        views[a].keepOwn(ids[k]);
        break;
      case 0:
        views[a].set(ids[k], idx), plains[a][k] = idx;
        break;
      case 1:
        views[a].join(views[b]);
        for (size_t i = 0; i < ids.size(); ++i)
          plains[a][i] = std::max(plains[a][i], plains[b][i]);
        break;
      case 2:
        views[a] = views[b], plains[a] = plains[b];
        break;
      case 3:
        views[a].settleOwn();
        break;
      default:
        views[a].raise(ids[k], idx), plains[a][k] = std::max(plains[a][k], idx);
      }
      for (size_t v = 0; v < views.size(); ++v) {
        for (size_t i = 0; i < ids.size(); ++i)
          ASSERT_EQ(views[v].get(ids[i]), plains[v][i]) << "thread " << ids[i];
        ASSERT_EQ(views[v].get(5000), -1); // (an id never set, inside a page in use)
      }
    }
  }
}

TEST(Views, ContainsFollowsTheEntries) {
  View v;
  v.set(3, 7);
  v.set(1, 2);
  EXPECT_TRUE(v.contains(Event{3, 7}));
  EXPECT_FALSE(v.contains(Event{3, 8}));
  EXPECT_TRUE(v.contains(Event{1, 0}));
  EXPECT_FALSE(v.contains(Event{0, 0}));
  EXPECT_FALSE(v.contains(Event::init()));
  View w = v;
  w.set(1, 5);
  EXPECT_FALSE(v.contains(Event{1, 5})); // the copy changed alone
  EXPECT_TRUE(w.contains(Event{1, 5}));
}

} // namespace
} // namespace scopemc
