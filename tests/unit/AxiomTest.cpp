// Each axiom of docs/model.md §4 on hand-built graphs, through the ConsistencyChecker interface.
#include <gtest/gtest.h>

#include "model/Consistency.h"
#include "model/Models.h"

namespace scopemc {
namespace {

constexpr Addr X = 0x1000, Y = 0x2000;

struct G {
  ExecutionGraph g;
  std::unique_ptr<ConsistencyChecker> c;
  explicit G(ModelKind k = ModelKind::ScopedRC11) : c(makeConsistencyChecker(k)) {
    g.addThread(0, hostThreadPos(0), Event::init());
  }
  ThreadPos pos(ThreadId t) const { return hostThreadPos(t); }
  void start(ThreadId t, ThreadPos p) {
    if (t != 0)
      g.addThread(t, p, Event::init());
    g.add(std::make_unique<ThreadStartLabel>(Event{t, 0}, p, Event::init()));
    c->updateViews(g, Event{t, 0});
  }
  void start(ThreadId t) { start(t, pos(t)); }
  Event write(ThreadId t, Addr a, uint64_t v, MemOrder o = MemOrder::Relaxed, bool rmw = false,
              Scope s = Scope::System) {
    Event e{t, g.threadSize(t)};
    g.add(std::make_unique<WriteLabel>(e, g.threadPos(t), o, s, nullptr, a, 4, v, rmw));
    c->updateViews(g, e);
    return e;
  }
  Event read(ThreadId t, Addr a, Event from, MemOrder o = MemOrder::Relaxed, RmwInfo rmw = {},
             Scope s = Scope::System) {
    Event e{t, g.threadSize(t)};
    g.add(std::make_unique<ReadLabel>(e, g.threadPos(t), o, s, nullptr, a, 4, rmw));
    g.setRf(e, from);
    c->updateViews(g, e);
    return e;
  }
  Event fence(ThreadId t, MemOrder o) {
    Event e{t, g.threadSize(t)};
    g.add(std::make_unique<FenceLabel>(e, g.threadPos(t), o, Scope::System, nullptr));
    c->updateViews(g, e);
    return e;
  }
  void placeLast(Event w) {
    auto *li = g.location(cast<WriteLabel>(g.label(w))->addr());
    g.placeWrite(w, li ? li->co.size() : 0);
  }
};

TEST(Axioms, CoherenceForbidsReadingAnOlderWriteAfterANewerOne) { // CoRR
  G t;
  t.start(1);
  t.start(2);
  Event w1 = t.write(1, X, 1);
  t.placeLast(w1);
  Event w2 = t.write(1, X, 2);
  t.placeLast(w2);
  Event r1 = t.read(2, X, w2);
  EXPECT_TRUE(t.c->isConsistent(t.g, r1));
  Event r2 = t.read(2, X, w1);
  EXPECT_FALSE(t.c->isConsistent(t.g, r2));
  // and the candidate list offered for a new read already excludes it
  std::vector<Event> rfs = t.c->coherentRfs(t.g, r2);
  EXPECT_EQ(rfs, std::vector<Event>{w2});
}

TEST(Axioms, CoherencePlacesAWriteAfterWhatItsThreadObserved) {
  G t;
  t.start(1);
  t.start(2);
  Event w1 = t.write(1, X, 1);
  t.placeLast(w1);
  t.read(2, X, w1);
  Event w2 = t.write(2, X, 2);
  EXPECT_EQ(t.c->coherentCoPlacements(t.g, w2), std::vector<size_t>{1});
}

TEST(Axioms, AtomicityForbidsTwoRmwsAfterTheSameWrite) {
  G t;
  t.start(1);
  t.start(2);
  RmwInfo add{RmwOp::Add, 1, 0, false};
  t.read(1, X, Event::init(), MemOrder::Relaxed, add);
  Event u1 = t.write(1, X, 1, MemOrder::Relaxed, true);
  t.g.placeWrite(u1, 0);
  EXPECT_TRUE(t.c->rmwIsAtomic(t.g, u1));
  t.read(2, X, Event::init(), MemOrder::Relaxed, add);
  Event u2 = t.write(2, X, 1, MemOrder::Relaxed, true);
  t.g.placeWrite(u2, 0);
  EXPECT_FALSE(t.c->rmwIsAtomic(t.g, u2));
  EXPECT_FALSE(t.c->isConsistent(t.g, u2));
}

// rmwStaysAtomic answers, on the graph before a backward revisit, what rmwIsAtomic answers
// on the graph the revisit makes (the restricted copy with the revisited read reading w).
bool atomicInRevisitedCopy(G &t, Event w, const View &kept, Event revisited) {
  ExecutionGraph copy;
  copy.assignRestricted(t.g, kept);
  copy.setRf(revisited, w);
  return t.c->rmwIsAtomic(copy, w);
}

TEST(Axioms, RmwStaysAtomicAgreesWithTheRevisitedGraph) {
  RmwInfo add{RmwOp::Add, 1, 0, false};
  for (bool keepThird : {false, true})
    for (bool keepPlain : {false, true}) {
      G t; // thread 0 creates threads 1-4, so that a restricted copy keeps them
      t.start(0);
      for (ThreadId th = 1; th <= 4; ++th) {
        Event c{0, t.g.threadSize(0)};
        t.g.add(std::make_unique<ThreadCreateLabel>(c, t.pos(0), nullptr, ThreadEntry{}, th));
        t.c->updateViews(t.g, c);
        t.g.addThread(th, t.pos(th), c);
        t.g.add(std::make_unique<ThreadStartLabel>(Event{th, 0}, t.pos(th), c));
        t.c->updateViews(t.g, Event{th, 0});
      }
      Event r1 = t.read(1, X, Event::init(), MemOrder::Relaxed, add);
      Event u1 = t.write(1, X, 1, MemOrder::Relaxed, true);
      t.g.placeWrite(u1, 0);
      Event wx = t.write(4, X, 5); // a plain write
      t.g.placeWrite(wx, 0);
      Event r3 = t.read(3, X, Event::init(), MemOrder::Relaxed, add);
      Event u3 = t.write(3, X, 1, MemOrder::Relaxed, true);
      t.g.placeWrite(u3, 0);
      t.read(2, X, Event::init(), MemOrder::Relaxed, add);
      Event u2 = t.write(2, X, 1, MemOrder::Relaxed, true);
      t.g.placeWrite(u2, 2); // co: init u3 wx u2 u1, so u2 stays atomic only without u3, wx
      View kept;
      kept.set(0, t.g.threadSize(0) - 1);
      kept.set(1, r1.index); // the revisited read, not its write half
      kept.set(2, u2.index); // w's porf prefix
      kept.set(3, keepThird ? u3.index : r3.index - 1);
      kept.set(4, keepPlain ? wx.index : wx.index - 1);
      bool expected = atomicInRevisitedCopy(t, u2, kept, r1);
      EXPECT_EQ(t.c->rmwStaysAtomic(t.g, u2, kept, r1), expected)
          << "third RMW kept: " << keepThird << ", plain write kept: " << keepPlain;
      EXPECT_EQ(expected, !keepThird && !keepPlain);
    }
}

TEST(Axioms, ScForbidsStoreBufferingWithScAccesses) {
  G t;
  t.start(1);
  t.start(2);
  Event wx = t.write(1, X, 1, MemOrder::SeqCst);
  t.placeLast(wx);
  Event ry = t.read(1, Y, Event::init(), MemOrder::SeqCst);
  EXPECT_TRUE(t.c->isConsistent(t.g, ry));
  Event wy = t.write(2, Y, 1, MemOrder::SeqCst);
  t.placeLast(wy);
  Event rx = t.read(2, X, Event::init(), MemOrder::SeqCst);
  EXPECT_FALSE(t.c->isConsistent(t.g, rx));
  // the same with release/acquire is allowed
  G u;
  u.start(1);
  u.start(2);
  u.placeLast(u.write(1, X, 1, MemOrder::Release));
  u.read(1, Y, Event::init(), MemOrder::Acquire);
  u.placeLast(u.write(2, Y, 1, MemOrder::Release));
  Event rx2 = u.read(2, X, Event::init(), MemOrder::Acquire);
  EXPECT_TRUE(u.c->isConsistent(u.g, rx2));
}

/// Store buffering with SC fences, both relaxed reads reading init: returns the second read.
Event storeBufferingWithScFences(G &t) {
  t.start(1);
  t.start(2);
  t.placeLast(t.write(1, X, 1));
  t.fence(1, MemOrder::SeqCst);
  t.read(1, Y, Event::init());
  t.placeLast(t.write(2, Y, 1));
  t.fence(2, MemOrder::SeqCst);
  return t.read(2, X, Event::init());
}

TEST(Axioms, ScFencesForbidStoreBuffering) {
  G t;
  Event rx = storeBufferingWithScFences(t);
  EXPECT_FALSE(t.c->isConsistent(t.g, rx)) << "[F^sc]; hb; eco; hb; [F^sc] cycle";
}

TEST(Axioms, AnRfAlternativeOfARelaxedReadIsStillCheckedForPsc) {
  // The same store buffering, its last read given each source coherentRfs lists for it: the
  // shortcut for listed sources agrees with the full check on both.
  G t;
  Event rx = storeBufferingWithScFences(t);
  std::vector<Event> rfs = t.c->coherentRfs(t.g, rx);
  ASSERT_EQ(rfs.size(), 2u);
  std::vector<bool> expected = {false, true}; // init closes the psc cycle, x = 1 does not
  for (size_t i = 0; i < rfs.size(); ++i) {
    t.g.setRf(rx, rfs[i]);
    t.c->updateViews(t.g, rx);
    EXPECT_EQ(t.c->isConsistentWithListedSource(t.g, rx), expected[i]) << i;
    EXPECT_EQ(t.c->isConsistent(t.g, rx), expected[i]) << i;
  }
}

TEST(Axioms, NoThinAirForbidsReadingFromAWriteThatDependsOnTheRead) {
  G t;
  t.start(1);
  t.start(2);
  Event r1 = t.read(1, X, Event::init());
  Event w1 = t.write(1, Y, 1);
  t.placeLast(w1);
  Event r2 = t.read(2, Y, w1);
  Event w2 = t.write(2, X, 1);
  t.placeLast(w2);
  (void)r2;
  t.g.setRf(r1, w2); // x read now reads from a write porf-after it
  t.c->updateViews(t.g, r1);
  EXPECT_FALSE(t.c->isConsistent(t.g, r1));
}

TEST(Axioms, ScopedSynchronisationNeedsInclusiveScopes) {
  // Message passing across blocks: a block-scoped release/acquire pair does not synchronise,
  // a device-scoped one does.
  for (Scope s : {Scope::Block, Scope::Device}) {
    G t;
    t.start(1, ThreadPos{0, 0, 0});
    t.start(2, ThreadPos{0, 1, 0});
    Event data = t.write(1, Y, 1, MemOrder::NotAtomic);
    t.placeLast(data);
    Event flag = t.write(1, X, 1, MemOrder::Release, false, s);
    t.placeLast(flag);
    Event acq = t.read(2, X, flag, MemOrder::Acquire, {}, s);
    EXPECT_EQ(hbBefore(t.g, data, acq), s == Scope::Device) << scopeName(s);
  }
  // With plain RC11 the block-scoped pair does synchronise.
  G t(ModelKind::RC11);
  t.start(1, ThreadPos{0, 0, 0});
  t.start(2, ThreadPos{0, 1, 0});
  Event data = t.write(1, Y, 1, MemOrder::NotAtomic);
  Event flag = t.write(1, X, 1, MemOrder::Release, false, Scope::Block);
  t.placeLast(flag);
  Event acq = t.read(2, X, flag, MemOrder::Acquire, {}, Scope::Block);
  EXPECT_TRUE(hbBefore(t.g, data, acq));
}

} // namespace
} // namespace scopemc
