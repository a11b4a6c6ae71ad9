// The exploration's parts on their own (dpor/Scheduler.h, dpor/SpinPruning.h, dpor/Monitor.h),
// driven step by step on scripted programs: the rules of docs/dpor.md §3-4 and docs/development.md
// ("Spin loops"), without the search around them.
#include <gtest/gtest.h>

#include "dpor/Monitor.h"
#include "dpor/Scheduler.h"
#include "dpor/SpinPruning.h"
#include "model/Consistency.h"
#include "model/Models.h"
#include "tests/oracle/AbstractProgram.h"

namespace scopemc::oracle {
namespace {

Op await(int loc, uint64_t value) {
  return Op{Op::Kind::Await, loc, 0, value, MemOrder::Relaxed, Scope::System};
}
Op store(int loc, uint64_t v) {
  return Op{Op::Kind::Store, loc, v, 0, MemOrder::Relaxed, Scope::System};
}

/// A graph grown by hand: each event is added reading (or placed after) the co-maximal
/// write, as the exploration's first choice does.
struct Stepper {
  explicit Stepper(const AbstractProgram &p) : runner(p), driver(runner, 0) {
    g.addThread(0, hostThreadPos(0), Event::init());
    driver.attach(g);
    driver.resetAll();
  }
  /// Adds thread t's next event; returns it.
  EventLabel &add(ThreadId t) {
    if (!driver.next(t)) // (take() hands over what next() computed)
      ADD_FAILURE() << "thread " << t << " has no next event";
    std::unique_ptr<EventLabel> owned = driver.take(t);
    if (auto *c = dyn_cast<ThreadCreateLabel>(owned.get())) {
      ThreadId child = g.freshThreadId();
      c->setChild(child);
      g.addThread(child, hostThreadPos(child), c->pos());
      driver.invalidate(child, 0);
    } else if (auto *s = dyn_cast<ThreadStartLabel>(owned.get())) {
      s->setCreator(g.creatorOf(s->thread()));
    }
    EventLabel *lab = g.add(std::move(owned));
    if (auto *r = dyn_cast<ReadLabel>(lab)) {
      g.setRf(r->pos(), g.coMax(r->addr()));
      r->setAddedMax(true);
    } else if (auto *w = dyn_cast<WriteLabel>(lab)) {
      const LocationInfo *li = g.location(w->addr());
      g.placeWrite(w->pos(), li ? li->co.size() : 0);
      w->setAddedMax(true);
    }
    checker->updateViews(g, lab->pos());
    return *lab;
  }
  /// Runs thread 0 (main) to its end: every scripted thread is created.
  void createAll() {
    while (driver.next(0))
      add(0);
  }

  ScriptedRunner runner;
  ThreadDriver driver;
  ExecutionGraph g;
  std::unique_ptr<ConsistencyChecker> checker = makeConsistencyChecker(ModelKind::ScopedRC11);
};

/// T1 spins until v0 == 1; T2 (when `stored` is given) stores it to v0.
AbstractProgram awaiter(std::optional<uint64_t> stored) {
  AbstractProgram p;
  p.threads = {AbstractThread{{}, {await(0, 1)}}};
  if (stored)
    p.threads.push_back(AbstractThread{{}, {store(0, *stored)}});
  return p;
}

/// Adds thread t's next event, a read, and asks the scheduler whether to postpone it; a
/// postponed read is taken back, as the exploration does.
bool addOrPostpone(Stepper &s, Scheduler &sched, ThreadId t) {
  auto &r = cast<ReadLabel>(s.add(t));
  if (!sched.postpone(s.g, r))
    return false;
  int32_t index = r.index();
  s.g.removeLastRead(t); // (r is gone)
  s.driver.invalidate(t, index);
  sched.added(s.g, t, 0);
  return true;
}

TEST(SchedulerPart, AWaitingAwaitRunsOnlyOnceAWriteLetsItPass) {
  // T1 spins until v0 == 1, T2 stores 1 to v0. The first runnable thread is T1 (id 1): its
  // read of the initial 0 would block it, so it is taken back and T1 waits; T2 runs; once
  // T2's write is co-maximal, T1 no longer waits.
  AbstractProgram p = awaiter(1);
  Stepper s(p);
  Scheduler sched(s.driver, Scheduler::Options{});
  s.createAll();
  sched.graphChanged();
  ASSERT_EQ(sched.choose(s.g), 1);
  s.add(1); // T1's start
  ASSERT_EQ(sched.choose(s.g), 1);
  ASSERT_TRUE(addOrPostpone(s, sched, 1));
  EXPECT_EQ(sched.choose(s.g), 2) << "a waiting thread runs only when every runnable one waits";
  s.add(2); // T2's start
  sched.added(s.g, 2, 1);
  ASSERT_EQ(sched.choose(s.g), 2);
  s.add(2); // the store of 1
  sched.added(s.g, 2, 1);
  EXPECT_EQ(sched.choose(s.g), 1) << "the new co-maximal write lets the await pass";
}

TEST(SchedulerPart, AThreadThatWaitsAloneRunsAsTheLastResortAndIsNotPostponedAgain) {
  AbstractProgram p = awaiter(std::nullopt);
  Stepper s(p);
  Scheduler sched(s.driver, Scheduler::Options{});
  s.createAll();
  sched.graphChanged();
  ASSERT_EQ(sched.choose(s.g), 1);
  s.add(1);
  ASSERT_EQ(sched.choose(s.g), 1);
  ASSERT_TRUE(addOrPostpone(s, sched, 1));
  ASSERT_EQ(sched.choose(s.g), 1) << "the only runnable thread runs although it waits";
  EXPECT_FALSE(addOrPostpone(s, sched, 1)) << "picked as the last resort: the read stays";
}

TEST(SchedulerPart, WithoutPostponingTheAwaitIsNeverTakenBack) {
  AbstractProgram p = awaiter(1);
  Stepper s(p);
  Scheduler sched(s.driver, Scheduler::Options{std::nullopt, false});
  s.createAll();
  sched.graphChanged();
  s.add(sched.choose(s.g));
  ASSERT_EQ(sched.choose(s.g), 1);
  EXPECT_FALSE(addOrPostpone(s, sched, 1));
}

TEST(SchedulerPart, AWaitingRecordGoesWithTheWriteItWasMadeOn) {
  // T2 stores 2 to v0; T1's await (for 1) reads it and waits on it. A cut removes the store:
  // the record must go with it (dropStaleWaits), even though T2 adds a store at the same
  // position again (a record is a cache of values, which a re-added event may change).
  AbstractProgram p = awaiter(2);
  Stepper s(p);
  Scheduler sched(s.driver, Scheduler::Options{});
  s.createAll();
  s.add(1); // T1's start: kept by the cut below
  s.add(2); // T2's start
  Stamp beforeStore = s.g.lastLabel(2)->stamp();
  Event store = s.add(2).pos();
  sched.graphChanged();
  ASSERT_EQ(sched.choose(s.g), 1);
  ASSERT_TRUE(addOrPostpone(s, sched, 1));
  ASSERT_NE(sched.choose(s.g), 1) << "T1 waits on T2's store";
  ASSERT_TRUE(s.g.cutToStamp(beforeStore));
  s.driver.afterCut();
  sched.dropStaleWaits(s.g);
  ASSERT_EQ(s.add(2).pos(), store); // the same position again
  sched.graphChanged();
  EXPECT_EQ(sched.choose(s.g), 1) << "the record went with the store it was made on";
}

TEST(SpinPrunerPart, ASpinBlockAfterAReadNotAddedMaximallyIsFrozen) {
  AbstractProgram p = awaiter(std::nullopt);
  Stepper s(p);
  s.createAll();
  s.add(1); // start
  auto &r = cast<ReadLabel>(s.add(1));
  auto &b = cast<BlockLabel>(s.add(1)); // it read 0: the loop blocks
  ASSERT_EQ(b.reason(), BlockReason::SpinLoop);
  SpinPruner on(s.driver, true), off(s.driver, false);
  EXPECT_FALSE(on.isFrozenForever(s.g, b)) << "added maximally: a later write may revisit it";
  r.setAddedMax(false);
  EXPECT_TRUE(on.isFrozenForever(s.g, b));
  EXPECT_FALSE(off.isFrozenForever(s.g, b)) << "disabled: nothing is dropped";
}

TEST(SpinPrunerPart, AThreadBlockedWithNoWriterLeftIsBlockedForGood) {
  // T1 spins on v0 == 1; T2 has finished, writing v0 = 2 after T1's read: no continuation can
  // unblock T1 (a revisit of its read by that write is another branch). While T2 has not run
  // yet, it might write: not blocked for good.
  AbstractProgram p;
  p.threads = {AbstractThread{{}, {await(0, 1)}}, AbstractThread{{}, {store(0, 2)}}};
  Stepper s(p);
  s.createAll();
  for (int k = 0; k < 3; ++k)
    s.add(1); // start, read, block
  ASSERT_TRUE(isa<BlockLabel>(s.g.lastLabel(1)));
  SpinPruner spins(s.driver, true);
  EXPECT_FALSE(spins.someThreadBlockedForGood(s.g)) << "T2 has not started";
  while (s.driver.next(2))
    s.add(2);
  spins.recheck();
  EXPECT_TRUE(spins.someThreadBlockedForGood(s.g));
  SpinPruner off(s.driver, false);
  EXPECT_FALSE(off.someThreadBlockedForGood(s.g));
}

TEST(SpinPrunerPart, AThreadSpinningOnTheLatestValuesIsKeptForTheHangItMayBe) {
  // T1 spins on v0 == 1 and read the latest write of v0; T2 finished without writing v0. The
  // branch may end in a hang (a deadlock the bug checks report), so it is not dropped.
  AbstractProgram p;
  p.threads = {AbstractThread{{}, {await(0, 1)}}, AbstractThread{{}, {store(1, 1)}}};
  Stepper s(p);
  s.createAll();
  for (int k = 0; k < 3; ++k)
    s.add(1); // start, read, block
  while (s.driver.next(2))
    s.add(2);
  SpinPruner spins(s.driver, true);
  EXPECT_TRUE(spinsForGood(s.g, *cast<BlockLabel>(s.g.lastLabel(1))));
  EXPECT_FALSE(spins.someThreadBlockedForGood(s.g));
}

TEST(MonitorPart, StopsAtTheTimeLimitAndReportsProgressThroughItsCallback) {
  std::vector<std::string> lines;
  ExplorationMonitor m({0.001, 0}, [&](const std::string &l) { lines.push_back(l); }, {});
  auto start = std::chrono::steady_clock::now() - std::chrono::seconds(2);
  m.start(start);
  EXPECT_EQ(m.poll(5, 1), ExplorationMonitor::Stop::Time);
  m.finish();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("5 complete, 1 blocked"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "") << "the search ended: an empty line clears the progress";
  ExplorationMonitor unlimited({0, 0}, nullptr, {});
  unlimited.start(start);
  EXPECT_EQ(unlimited.poll(5, 1), ExplorationMonitor::Stop::None);
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> finished{0};
  std::atomic<int64_t> lastReportMs{0};
  ExplorationMonitor shared({0, 0}, nullptr, SharedProgress{&stop, &finished, &lastReportMs});
  shared.start(start);
  EXPECT_EQ(shared.poll(0, 0), ExplorationMonitor::Stop::None);
  stop = true;
  EXPECT_EQ(shared.poll(0, 0), ExplorationMonitor::Stop::Requested) << "another explorer stopped";
}

} // namespace
} // namespace scopemc::oracle
