// The loop-progress rules (interpreter/LoopProgress.h) on hand-fed events, one rule of
// docs/dpor.md §4 per test: what an iteration does that counts as progress.
#include <gtest/gtest.h>

#include "interpreter/LoopProgress.h"
#include "program/Program.h"

namespace scopemc {
namespace {

constexpr Addr kX = addr::kGlobals + 64, kY = addr::kGlobals + 128;
constexpr Addr kBlock = addr::kHeap + 16; // a heap block thread 1 allocates

/// One thread's events, numbered as it offers them, fed to a LoopProgress.
struct Feed {
  LoopProgress p;
  int32_t next = 0;
  AnnotationState state;
  explicit Feed(bool zeroNetEffect = true) : p(zeroNetEffect) {}

  Event pos() { return Event{1, next++}; }
  ThreadPos tp() const { return hostThreadPos(1); }
  void write(Addr a, MemOrder o = MemOrder::NotAtomic, bool heap = false) {
    p.noteEvent(WriteLabel(pos(), tp(), o, Scope::System, nullptr, a, 4, 1, false, heap));
  }
  void read(Addr a, bool heap = false) {
    p.noteEvent(ReadLabel(pos(), tp(), MemOrder::Relaxed, Scope::System, nullptr, a, 4, {}, heap));
  }
  void rmw(Addr a, uint32_t size, uint64_t old, uint64_t now) {
    Event r = pos();
    ReadLabel::Rmw info{RmwOp::Xchg, now, 0, false, false};
    p.noteEvent(ReadLabel(r, tp(), MemOrder::Relaxed, Scope::System, nullptr, a, size, info));
    p.noteEvent(
        WriteLabel(pos(), tp(), MemOrder::Relaxed, Scope::System, nullptr, a, size, now, true));
    p.noteRmw(a, size, old, now);
  }
  void allocate(Addr a, uint64_t size) {
    Event e = pos();
    p.noteEvent(AllocLabel(e, tp(), nullptr, a, size, false));
    p.noteAllocation(a, size, e.index);
  }
  LoopProgress::Start start() const { return p.start(next, state); }
  bool noEffectSince(const LoopProgress::Start &s) const { return p.leftNoEffect(s, state); }
};

TEST(LoopProgress, ReadsFencesBlocksAndErrorsAreNoEffect) {
  Feed f;
  auto s = f.start();
  f.read(kX);
  f.p.noteEvent(FenceLabel(f.pos(), f.tp(), MemOrder::SeqCst, Scope::System, nullptr));
  f.p.noteEvent(BlockLabel(f.pos(), f.tp(), nullptr, BlockReason::SpinLoop));
  EXPECT_TRUE(f.noEffectSince(s));
  f.p.noteEvent(ErrorLabel(f.pos(), f.tp(), nullptr, ErrorKind::Assertion, "x"));
  EXPECT_TRUE(f.noEffectSince(s));
}

TEST(LoopProgress, APlainOrAtomicWriteIsAnEffect) {
  for (MemOrder o : {MemOrder::NotAtomic, MemOrder::Relaxed, MemOrder::Release}) {
    Feed f;
    auto s = f.start();
    f.write(kX, o);
    EXPECT_FALSE(f.noEffectSince(s));
  }
}

TEST(LoopProgress, AnAllocationIsAnEffect) {
  Feed f;
  auto s = f.start();
  f.allocate(kBlock, 16);
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, RmwsThatCancelOutAreAnEffect) {
  // Another thread may read the value between them (repro reductions/z4_subadd.c).
  Feed f;
  auto s = f.start();
  f.rmw(kX, 4, 5, 4); // a fetch_sub
  f.rmw(kX, 4, 4, 5); // undone by a fetch_add
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, AnRmwThatWritesBackWhatItReadIsNoEffectEvenWithoutZeroNetEffect) {
  for (bool zero : {true, false}) {
    Feed f(zero);
    auto s = f.start();
    f.rmw(kX, 4, 7, 7); // a failed exchange-style retry
    EXPECT_TRUE(f.noEffectSince(s)) << zero;
  }
}

TEST(LoopProgress, WithoutZeroNetEffectEveryRmwThatChangesItsLocationIsAnEffect) {
  Feed f(false);
  auto s = f.start();
  f.rmw(kX, 4, 5, 4);
  f.rmw(kX, 4, 4, 5);
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, RewritingAnUnpublishedOwnBlockIsNoEffect) {
  Feed f;
  f.allocate(kBlock, 16);
  f.write(kBlock + 4, MemOrder::NotAtomic, true); // n->next = old, before the loop
  auto s = f.start();
  f.write(kBlock + 4, MemOrder::NotAtomic, true); // the same value again
  EXPECT_TRUE(f.noEffectSince(s));
  f.write(kBlock + 16, MemOrder::NotAtomic, true); // past the block's end
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, AFirstOrChangingWriteToAnOwnBlockIsAnEffect) {
  // What the block holds is part of the state the next iteration starts from.
  Feed f;
  f.allocate(kBlock, 16);
  auto s = f.start();
  f.write(kBlock + 4, MemOrder::NotAtomic, true);
  EXPECT_FALSE(f.noEffectSince(s));
  Feed g;
  g.allocate(kBlock, 16);
  g.p.noteEvent(WriteLabel(g.pos(), g.tp(), MemOrder::NotAtomic, Scope::System, nullptr, kBlock, 4,
                           1, false, true));
  auto t = g.start();
  g.p.noteEvent(WriteLabel(g.pos(), g.tp(), MemOrder::NotAtomic, Scope::System, nullptr, kBlock, 4,
                           2, false, true));
  EXPECT_FALSE(g.noEffectSince(t));
}

TEST(LoopProgress, StoringAPointerToTheBlockPublishesIt) {
  // Whatever the order: a relaxed store publishes too (repro reductions/z5_heap.c).
  Feed f;
  f.allocate(kBlock, 16);
  f.write(kBlock, MemOrder::NotAtomic, true);
  f.p.noteEvent(
      WriteLabel(f.pos(), f.tp(), MemOrder::Relaxed, Scope::System, nullptr, kX, 8, kBlock, false));
  auto s = f.start();
  f.write(kBlock, MemOrder::NotAtomic, true); // the same value as before, but published
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, AReleaseAfterTheAllocationPublishesTheBlock) {
  Feed f;
  f.allocate(kBlock, 16);
  f.write(kX, MemOrder::Release);
  auto s = f.start();
  f.write(kBlock, MemOrder::NotAtomic, true);
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, AReleaseWriteToTheOwnBlockIsAnEffect) {
  Feed f;
  f.allocate(kBlock, 16);
  auto s = f.start();
  f.write(kBlock, MemOrder::Release, true);
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, ABlockTheOwnerReadsBackIsProgress) {
  Feed f;
  f.allocate(kBlock, 16);
  f.read(kBlock, true); // a counter kept in the block
  auto s = f.start();
  f.write(kBlock, MemOrder::NotAtomic, true);
  EXPECT_FALSE(f.noEffectSince(s));
}

TEST(LoopProgress, WithoutZeroNetEffectOwnBlockWritesAndHazardPointersAreEffects) {
  Feed strict(false);
  strict.allocate(kBlock, 16);
  auto s = strict.start();
  strict.write(kBlock, MemOrder::NotAtomic, true);
  EXPECT_FALSE(strict.noEffectSince(s));

  Feed hz(false);
  auto h = hz.start();
  hz.p.noteEvent(HazardLabel(hz.pos(), hz.tp(), nullptr, kX, kY));
  EXPECT_FALSE(hz.noEffectSince(h));
}

TEST(LoopProgress, AHazardPointerSetIsNoEffect) {
  Feed f;
  auto s = f.start();
  f.p.noteEvent(HazardLabel(f.pos(), f.tp(), nullptr, kX, kY));
  EXPECT_TRUE(f.noEffectSince(s));
}

TEST(LoopProgress, TheScopeWeakAccessAndPlacementMustRepeat) {
  Feed f;
  const AnnotationState initial = f.state;
  auto s = f.start();
  f.state.scope = Scope::Block;
  EXPECT_FALSE(f.noEffectSince(s));
  f.state.scope = Scope::System;
  f.state.weakNext = true;
  EXPECT_FALSE(f.noEffectSince(s));
  f.state.weakNext = false;
  f.state.pos = hostThreadPos(2);
  EXPECT_FALSE(f.noEffectSince(s));
  f.state.pos = initial.pos;
  EXPECT_TRUE(f.noEffectSince(s));
}

TEST(LoopProgress, AnAnnotationBeforeTheIterationsFirstEventIsNotCompared) {
  Feed f;
  std::vector<LoopProgress::Start> starts{f.start()};
  f.state.scope = Scope::Block; // __VERIFIER_memory_scope_work_group() first in the body
  LoopProgress::annotationBeforeEvents(starts, f.next, false);
  f.read(kX);
  EXPECT_TRUE(f.noEffectSince(starts[0]));
  f.state.weakNext = true; // after an event: its start value was read
  LoopProgress::annotationBeforeEvents(starts, f.next, true);
  EXPECT_FALSE(f.noEffectSince(starts[0]));
}

TEST(LoopProgress, RewindingToAMarkForgetsWhatAReplayedInstructionCounted) {
  Feed f;
  auto s = f.start();
  LoopProgress::Mark m = f.p.mark();
  f.write(kX);
  f.rmw(kY, 4, 0, 1);
  f.p.rewind(m);
  EXPECT_TRUE(f.noEffectSince(s));
}

TEST(LoopProgress, TheOwnAllocationAtAnAddressIsTheLatest) {
  Feed f;
  EXPECT_FALSE(f.p.ownAllocationSize(kBlock));
  f.allocate(kBlock, 16);
  f.allocate(kBlock, 32);
  EXPECT_EQ(f.p.ownAllocationSize(kBlock), 32u);
}

} // namespace
} // namespace scopemc
