// The scope-inclusion table (docs/model.md §1).
#include <gtest/gtest.h>

#include "model/Scope.h"

#include <random>
#include <vector>

namespace scopemc {
namespace {

enum class Placement { SameThread, SameBlock, SameDevice, OtherDevice };

std::pair<ThreadRef, ThreadRef> threads(Placement p) {
  ThreadRef a{1, {0, 0, 0}};
  switch (p) {
  case Placement::SameThread:
    return {a, a};
  case Placement::SameBlock:
    return {a, ThreadRef{2, {0, 0, 1}}};
  case Placement::SameDevice:
    return {a, ThreadRef{2, {0, 1, 0}}};
  case Placement::OtherDevice:
    return {a, ThreadRef{2, {1, 0, 0}}};
  }
  return {a, a};
}

// The narrowest scope that contains the other thread, per placement.
Scope needed(Placement p) {
  switch (p) {
  case Placement::SameThread:
    return Scope::Thread;
  case Placement::SameBlock:
    return Scope::Block;
  case Placement::SameDevice:
    return Scope::Device;
  case Placement::OtherDevice:
    return Scope::System;
  }
  return Scope::System;
}

TEST(Scope, InclusionTableForEveryPairOfScopesAndPlacement) {
  const Scope all[] = {Scope::Thread, Scope::Block, Scope::Device, Scope::System};
  const Placement places[] = {Placement::SameThread, Placement::SameBlock, Placement::SameDevice,
                              Placement::OtherDevice};
  int checked = 0;
  for (Placement p : places)
    for (Scope sa : all)
      for (Scope sb : all) {
        auto [ta, tb] = threads(p);
        bool expected = sa >= needed(p) && sb >= needed(p);
        EXPECT_EQ(scopeIncludes(sa, ta, sb, tb), expected)
            << "scopes " << scopeName(sa) << "/" << scopeName(sb) << " placement "
            << static_cast<int>(p);
        EXPECT_EQ(scopeIncludes(sa, ta, sb, tb), scopeIncludes(sb, tb, sa, ta)) << "symmetric";
        ++checked;
      }
  EXPECT_EQ(checked, 64);
}

TEST(Scope, InclusionIsNotTransitive) {
  ThreadRef a{1, {0, 0, 0}}, b{2, {0, 0, 1}}, c{3, {0, 1, 0}};
  // a block-scoped in block 0, b system-scoped, c block-scoped in block 1
  EXPECT_TRUE(scopeIncludes(Scope::Block, a, Scope::System, b));
  ThreadRef b2{2, {0, 1, 1}}; // b sits in block 1 for the second pair
  EXPECT_TRUE(scopeIncludes(Scope::System, b2, Scope::Block, c));
  EXPECT_FALSE(scopeIncludes(Scope::Block, a, Scope::Block, c));
}

TEST(Scope, UnplacedThreadsShareDeviceZeroBlockZero) {
  // docs/model.md §1: a thread that never states its position is on device 0, block 0.
  ThreadRef a{1, hostThreadPos(1)}, b{2, hostThreadPos(2)};
  EXPECT_TRUE(scopeIncludes(Scope::Device, a, Scope::Device, b));
  EXPECT_TRUE(scopeIncludes(Scope::Block, a, Scope::Block, b));
  EXPECT_FALSE(scopeIncludes(Scope::Thread, a, Scope::Thread, b));
  EXPECT_EQ(narrowestCommonScope(a, b), Scope::Block);
  EXPECT_EQ(narrowestCommonScope(a, a), Scope::Thread);
  // ... and so with a thread placed there, and not with one placed in another block
  ThreadRef placed{3, {0, 0, 1}}, other{4, {0, 1, 0}};
  EXPECT_TRUE(scopeIncludes(Scope::Block, a, Scope::Block, placed));
  EXPECT_FALSE(scopeIncludes(Scope::Block, a, Scope::Block, other));
  EXPECT_TRUE(isHostPos(a.pos));
  EXPECT_FALSE(isHostPos(placed.pos));
}

// The summary the race check uses to skip a location must agree with asking scopeIncludes of
// every two accesses (and every access atomic), whatever the order the accesses come in.
TEST(Scope, MutualInclusionAgreesWithEveryPairwiseAnswer) {
  const ThreadRef pool[] = {
      {1, {0, 0, 0}}, {2, {0, 0, 1}}, {3, {0, 1, 0}}, {4, {1, 0, 0}}, {5, {1, 1, 0}}};
  struct Access {
    bool atomic;
    Scope scope;
    ThreadRef t;
  };
  std::mt19937 rng(20261122);
  int held = 0, failed = 0;
  for (int round = 0; round < 20000; ++round) {
    std::vector<Access> set(1 + rng() % 5);
    for (Access &a : set)
      a = Access{rng() % 8 != 0, static_cast<Scope>(rng() % 4), pool[rng() % 5]};
    MutualInclusion summary;
    for (const Access &a : set)
      summary.add(a.atomic, a.scope, a.t);
    bool expected = true;
    for (size_t i = 0; i < set.size(); ++i) {
      expected = expected && set[i].atomic;
      for (size_t j = i + 1; j < set.size(); ++j)
        expected = expected && scopeIncludes(set[i].scope, set[i].t, set[j].scope, set[j].t);
    }
    ASSERT_EQ(summary.holds(), expected) << "round " << round;
    (expected ? held : failed)++;
  }
  EXPECT_GT(held, 1000); // both answers are exercised
  EXPECT_GT(failed, 1000);
}

} // namespace
} // namespace scopemc
