// Execution graph operations and views on hand-built graphs.
#include <gtest/gtest.h>

#include "model/Consistency.h"
#include "model/Models.h"

namespace scopemc {
namespace {

constexpr Addr X = 0x1000, Y = 0x2000;

// A tiny builder: adds labels in order and computes their views like the exploration does.
struct Builder {
  ExecutionGraph g;
  std::unique_ptr<ConsistencyChecker> c = makeConsistencyChecker(ModelKind::ScopedRC11);
  Builder() { g.addThread(0, hostThreadPos(0), Event::init()); }
  Event add(std::unique_ptr<EventLabel> l) {
    Event e = l->pos();
    if (e.index == 0 && e.thread != 0)
      g.addThread(e.thread, l->threadPos(), Event{0, e.thread});
    g.add(std::move(l));
    c->updateViews(g, e);
    return e;
  }
  Event start(ThreadId t) {
    return add(std::make_unique<ThreadStartLabel>(Event{t, 0}, hostThreadPos(t), Event::init()));
  }
  Event write(ThreadId t, Addr a, uint64_t v, MemOrder o = MemOrder::Relaxed) {
    Event e{t, g.threadSize(t)};
    add(std::make_unique<WriteLabel>(e, hostThreadPos(t), o, Scope::System, nullptr, a, 4, v,
                                     false));
    g.placeWrite(e, g.location(a) ? g.location(a)->co.size() : 0);
    return e;
  }
  Event read(ThreadId t, Addr a, Event from, MemOrder o = MemOrder::Relaxed) {
    Event e{t, g.threadSize(t)};
    add(std::make_unique<ReadLabel>(e, hostThreadPos(t), o, Scope::System, nullptr, a, 4));
    g.setRf(e, from);
    c->updateViews(g, e);
    return e;
  }
};

TEST(Graph, AddStampsAndLinksReadsAndWrites) {
  Builder b;
  b.start(0);
  Event w = b.write(0, X, 1);
  Event r = b.read(0, X, w);
  EXPECT_LT(b.g.label(w)->stamp(), b.g.label(r)->stamp());
  EXPECT_EQ(cast<ReadLabel>(b.g.label(r))->rf(), w);
  ASSERT_EQ(b.g.readersOf(w, X).size(), 1u);
  EXPECT_EQ(b.g.coMax(X), w);
  EXPECT_TRUE(b.g.coBefore(Event::init(), w));
}

TEST(Graph, HeapIndexFollowsAddsCutsAndCopies) {
  // allocationAt / freesOf against what a scan of the graph's labels finds.
  Builder b;
  b.start(0);
  auto alloc = [&](Addr a, uint64_t size) {
    Event e{0, b.g.threadSize(0)};
    b.add(std::make_unique<AllocLabel>(e, hostThreadPos(0), nullptr, a, size, false));
    return e;
  };
  auto free = [&](Addr a) {
    Event e{0, b.g.threadSize(0)};
    b.add(std::make_unique<FreeLabel>(e, hostThreadPos(0), nullptr, a));
    return e;
  };
  alloc(0x300, 16);
  alloc(0x100, 8);
  free(0x100);
  Stamp mid = b.g.nextStamp() - 1;
  alloc(0x200, 0);
  free(0x300);
  free(0x300);
  auto check = [](const ExecutionGraph &g, Addr a) {
    const AllocLabel *want = nullptr;
    std::vector<const FreeLabel *> frees;
    for (int32_t i = 0; i < g.threadSize(0); ++i) {
      if (auto *al = dyn_cast<AllocLabel>(g.label(Event{0, i}));
          al && a >= al->addr() && a < al->addr() + std::max<uint64_t>(al->size(), 1))
        want = al;
    }
    for (int32_t i = 0; i < g.threadSize(0); ++i)
      if (auto *fl = dyn_cast<FreeLabel>(g.label(Event{0, i}));
          fl && want && fl->addr() == want->addr())
        frees.push_back(fl);
    EXPECT_EQ(g.allocationAt(a), want) << std::hex << a;
    if (want) {
      EXPECT_EQ(g.freesOf(want->addr()), frees) << std::hex << a;
    }
  };
  const Addr probes[] = {0x0ff, 0x100, 0x107, 0x108, 0x200, 0x201, 0x2ff, 0x300, 0x30f, 0x310};
  for (Addr a : probes)
    check(b.g, a);
  EXPECT_EQ(b.g.freesOf(0x300).size(), 2u);
  ExecutionGraph copy = b.g.copy();
  for (Addr a : probes)
    check(copy, a);
  b.g.cutToStamp(mid); // the block at 0x200 and the frees of 0x300 are gone
  EXPECT_EQ(b.g.allocationAt(0x200), nullptr);
  EXPECT_TRUE(b.g.freesOf(0x300).empty());
  for (Addr a : probes)
    check(b.g, a);
}

TEST(Graph, SetRfMovesTheReaderBetweenWrites) {
  Builder b;
  b.start(0);
  Event w = b.write(0, X, 1);
  Event r = b.read(0, X, w);
  b.g.setRf(r, Event::init());
  EXPECT_TRUE(b.g.readersOf(w, X).empty());
  EXPECT_EQ(b.g.readersOf(Event::init(), X).size(), 1u);
}

TEST(Graph, CutToStampRemovesLaterEventsEverywhere) {
  Builder b;
  b.start(0);
  Event w1 = b.write(0, X, 1);
  b.start(1);
  Event w2 = b.write(1, X, 2);
  Event r = b.read(0, X, w2);
  b.g.cutToStamp(b.g.label(w2)->stamp());
  EXPECT_FALSE(b.g.contains(r));
  EXPECT_TRUE(b.g.contains(w2));
  EXPECT_TRUE(b.g.readersOf(w2, X).empty());
  ASSERT_EQ(b.g.location(X)->co.size(), 2u);
  b.g.cutToStamp(b.g.label(w1)->stamp());
  EXPECT_FALSE(b.g.contains(Event{1, 0}));
  EXPECT_EQ(b.g.location(X)->co.size(), 1u);
}

TEST(Graph, CopyRestrictedKeepsCoOrderOfKeptWrites) {
  Builder b;
  b.start(0);
  b.start(1);
  Event w1 = b.write(1, X, 1);
  Event w0 = b.write(0, X, 2);
  b.g.moveWrite(w0, 0); // co: w0, w1
  View keep;
  keep.set(0, w0.index);
  keep.set(1, w1.index);
  ExecutionGraph c;
  c.assignRestricted(b.g, keep);
  EXPECT_TRUE(c.coBefore(w0, w1));
  View keep2;
  keep2.set(0, w0.index);
  keep2.set(1, 0);
  ExecutionGraph d;
  d.assignRestricted(b.g, keep2);
  EXPECT_EQ(d.location(X)->co.size(), 1u);
}

TEST(Views, PoAndReleaseAcquireBuildHappensBefore) {
  Builder b;
  b.start(0);
  b.start(1);
  Event data = b.write(0, Y, 1, MemOrder::NotAtomic);
  Event flag = b.write(0, X, 1, MemOrder::Release);
  Event acq = b.read(1, X, flag, MemOrder::Acquire);
  EXPECT_TRUE(hbBefore(b.g, data, acq));
  EXPECT_TRUE(b.g.label(acq)->porf().contains(flag));
  b.start(2);
  Event rlx = b.read(2, X, flag, MemOrder::Relaxed);
  EXPECT_FALSE(hbBefore(b.g, data, rlx)) << "a relaxed read does not synchronise";
}

} // namespace
} // namespace scopemc
