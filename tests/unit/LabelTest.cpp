// The label kinds generated from model/LabelKinds.def: names, RTTI, clone, assignFrom, and
// the checked downcast.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "model/Labels.h"

namespace scopemc {
namespace {

constexpr Addr X = 0x1000;

std::vector<std::unique_ptr<EventLabel>> oneOfEach() {
  const ThreadPos tp = hostThreadPos(1);
  Event e{1, 3};
  std::vector<std::unique_ptr<EventLabel>> v;
  v.push_back(std::make_unique<ThreadStartLabel>(e, tp, Event{0, 1}));
  v.push_back(std::make_unique<ThreadFinishLabel>(e, tp, nullptr, 7));
  v.push_back(std::make_unique<ThreadCreateLabel>(e, tp, nullptr, ThreadEntry{}, 2));
  v.push_back(std::make_unique<ThreadJoinLabel>(e, tp, nullptr, 2));
  v.push_back(std::make_unique<ReadLabel>(e, tp, MemOrder::Acquire, Scope::Block, nullptr, X, 4));
  v.push_back(std::make_unique<WriteLabel>(e, tp, MemOrder::Release, Scope::Device, nullptr, X, 4,
                                           5, false));
  v.push_back(std::make_unique<FenceLabel>(e, tp, MemOrder::SeqCst, Scope::System, nullptr));
  v.push_back(std::make_unique<AllocLabel>(e, tp, nullptr, X, 16, true));
  v.push_back(std::make_unique<FreeLabel>(e, tp, nullptr, X, true));
  v.push_back(std::make_unique<HazardLabel>(e, tp, nullptr, X, X + 8));
  v.push_back(std::make_unique<BlockLabel>(e, tp, nullptr, BlockReason::Assume));
  v.push_back(std::make_unique<ErrorLabel>(e, tp, nullptr, ErrorKind::Assertion, "boom"));
  v.push_back(std::make_unique<BarrierArriveLabel>(e, tp, Scope::Block, nullptr, X, 1, 4));
  v.push_back(std::make_unique<BarrierDepartLabel>(e, tp, Scope::Block, nullptr, X, 1, 4));
  return v;
}

TEST(Labels, EveryKindHasADistinctNameAndOneClass) {
  auto labels = oneOfEach();
  std::set<EventLabel::Kind> kinds;
  std::set<std::string> names;
  for (auto &l : labels) {
    kinds.insert(l->kind());
    names.insert(std::string(kindName(l->kind())));
    // visit hands the label over as the class whose kind it has
    bool matches = visit(
        *l, [&](auto &c) { return LabelKindOf<std::decay_t<decltype(c)>>::value == l->kind(); });
    EXPECT_TRUE(matches) << kindName(l->kind());
  }
  EXPECT_EQ(kinds.size(), labels.size()); // one label of each kind, and no two share a kind
  EXPECT_EQ(names.size(), labels.size());
  EXPECT_EQ(names.count(""), 0u);
}

TEST(Labels, CloneKeepsClassAndFields) {
  for (auto &l : oneOfEach()) {
    auto c = l->clone();
    EXPECT_EQ(c->kind(), l->kind());
    EXPECT_EQ(c->pos(), l->pos());
    EXPECT_EQ(describe(*c), describe(*l));
  }
  auto w = std::make_unique<WriteLabel>(Event{1, 0}, hostThreadPos(1), MemOrder::Relaxed,
                                        Scope::System, nullptr, X, 4, 42, true);
  auto c = w->clone();
  EXPECT_EQ(cast<WriteLabel>(c.get())->value(), 42u);
  EXPECT_TRUE(cast<WriteLabel>(*c).isRmwPart());
}

TEST(Labels, AssignFromCopiesOnlyBetweenLabelsOfOneClass) {
  auto a = oneOfEach(), b = oneOfEach();
  auto other = std::make_unique<WriteLabel>(Event{2, 9}, hostThreadPos(2), MemOrder::SeqCst,
                                            Scope::System, nullptr, X, 8, 99, false);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(a[i]->assignFrom(*b[i]));
    EXPECT_EQ(a[i]->assignFrom(*other), a[i]->kind() == EventLabel::Kind::Write)
        << kindName(a[i]->kind());
  }
  auto *w = dyn_cast<WriteLabel>(a[5].get());
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->value(), 99u);
  EXPECT_EQ(w->pos(), (Event{2, 9}));
}

TEST(Labels, RttiRecognisesAbstractClassesByTheirKinds) {
  for (auto &l : oneOfEach()) {
    bool access = l->kind() == EventLabel::Kind::Read || l->kind() == EventLabel::Kind::Write;
    bool barrier = l->kind() == EventLabel::Kind::BarrierArrive ||
                   l->kind() == EventLabel::Kind::BarrierDepart;
    EXPECT_EQ(isa<MemAccessLabel>(l.get()), access);
    EXPECT_EQ(isa<BarrierLabel>(l.get()), barrier);
    EXPECT_EQ(dyn_cast<ReadLabel>(l.get()) != nullptr, l->kind() == EventLabel::Kind::Read);
  }
  EXPECT_FALSE(isa<ReadLabel>(static_cast<const EventLabel *>(nullptr)));
}

TEST(LabelsDeathTest, CastToTheWrongClassIsCaughtInDebugBuilds) {
  auto f = std::make_unique<FenceLabel>(Event{1, 0}, hostThreadPos(1), MemOrder::SeqCst,
                                        Scope::System, nullptr);
  EventLabel *l = f.get();
  EXPECT_DEBUG_DEATH((void)cast<ReadLabel>(l), "cast to a label class");
}

} // namespace
} // namespace scopemc
