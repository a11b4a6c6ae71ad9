// Execution graph operations and views on hand-built graphs.
#include <gtest/gtest.h>

#include "model/Consistency.h"

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
  Event start(ThreadId t) { return add(std::make_unique<ThreadStartLabel>(Event{t, 0}, hostThreadPos(t), Event::init())); }
  Event write(ThreadId t, Addr a, uint64_t v, MemOrder o = MemOrder::Relaxed) {
    Event e{t, g.threadSize(t)};
    add(std::make_unique<WriteLabel>(e, hostThreadPos(t), o, Scope::System, nullptr, a, 4, v, false));
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
  EXPECT_EQ(static_cast<const ReadLabel *>(b.g.label(r))->rf(), w);
  ASSERT_EQ(b.g.readersOf(w, X).size(), 1u);
  EXPECT_EQ(b.g.coMax(X), w);
  EXPECT_TRUE(b.g.coBefore(Event::init(), w));
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
  ExecutionGraph c = b.g.copyRestricted(keep);
  EXPECT_TRUE(c.coBefore(w0, w1));
  View keep2;
  keep2.set(0, w0.index);
  keep2.set(1, 0);
  ExecutionGraph d = b.g.copyRestricted(keep2);
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
