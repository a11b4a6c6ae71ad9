// The interpreter on small inline IR modules, with a sink that accepts every event.
#include <fstream>
#include <map>
#include <regex>

#include <gtest/gtest.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/Support/SourceMgr.h>

#include "frontend/IdQuery.h"
#include "interpreter/Interpreter.h"

namespace scopemc {
namespace {

std::unique_ptr<Program> parse(const std::string &ir) {
  auto ctx = std::make_unique<llvm::LLVMContext>();
  llvm::SMDiagnostic err;
  auto mod = llvm::parseAssemblyString(ir, err, *ctx);
  if (!mod)
    throw std::runtime_error("bad IR in test: " + err.getMessage().str());
  return std::make_unique<Program>(std::move(ctx), std::move(mod), ProgramOptions{});
}

/// Accepts every event as already explored; reads return `readValue`.
struct Recorder final : EventSink {
  std::vector<std::unique_ptr<EventLabel>> events;
  uint64_t readValue = 0;
  SinkReply offer(const EventLabel &l, uint32_t /*resumePoint*/) override {
    events.push_back(l.clone());
    return SinkReply{SinkReply::Status::Replayed, isa<ReadLabel>(&l) ? readValue : 0};
  }
};

std::vector<std::unique_ptr<EventLabel>> runMain(const Program &p, uint64_t readValue = 0) {
  Interpreter in(p, InterpreterOptions{});
  in.resetThread(0, ThreadEntry{}, hostThreadPos(0));
  Recorder r;
  r.readValue = readValue;
  EXPECT_EQ(in.run(0, r), RunStatus::Finished);
  return std::move(r.events);
}

TEST(Interpreter, SharedAccessesBecomeEventsAndLocalWorkDoesNot) {
  auto p = parse(R"(
@x = global i32 5
define i32 @main() {
  %a = alloca i32
  store i32 3, ptr %a
  %v = load i32, ptr %a
  %s = add i32 %v, 4
  store atomic i32 %s, ptr @x release, align 4
  %r = load atomic i32, ptr @x acquire, align 4
  ret i32 %r
}
)");
  auto ev = runMain(*p, 9);
  ASSERT_EQ(ev.size(), 4u); // start, write, read, finish: the private alloca makes none
  auto *w = dyn_cast<WriteLabel>(ev[1].get());
  ASSERT_TRUE(w);
  EXPECT_EQ(w->value(), 7u);
  EXPECT_EQ(w->order(), MemOrder::Release);
  EXPECT_EQ(w->scope(), Scope::System);
  auto *r = dyn_cast<ReadLabel>(ev[2].get());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->order(), MemOrder::Acquire);
  auto *fin = dyn_cast<ThreadFinishLabel>(ev[3].get());
  ASSERT_TRUE(fin);
  EXPECT_EQ(fin->returnValue(), 9u) << "the value the sink answered flows into registers";
  EXPECT_EQ(p->initialValue(w->addr(), 4), 5u);
}

const char *kThreadHandles = R"(
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
define ptr @worker(ptr %arg) {
  ret ptr null
}
define i32 @main() {
  %t = alloca [2 x i64]
  %rv = alloca ptr
  %t1 = getelementptr [2 x i64], ptr %t, i64 0, i64 1
  %c = call i32 @pthread_create(ptr %t1, ptr null, ptr @worker, ptr ARG)
  %h = load i64, ptr %t1
  %j = call i32 @pthread_join(i64 %h, ptr %rv)
  %r = load ptr, ptr %rv
  ret i32 0
}
)";

std::vector<EventLabel::Kind> kindsOf(const std::vector<std::unique_ptr<EventLabel>> &ev) {
  std::vector<EventLabel::Kind> k;
  for (auto &e : ev)
    k.push_back(e->kind());
  return k;
}

TEST(Interpreter, ThreadHandlesAndJoinResultsStayPrivate) {
  // pthread_create and pthread_join store through their out-parameters and keep no copy:
  // a local array of handles makes no events.
  std::string ir = kThreadHandles;
  ir.replace(ir.find("ARG"), 3, "null");
  using K = EventLabel::Kind;
  EXPECT_EQ(kindsOf(runMain(*parse(ir))),
            (std::vector<K>{K::ThreadStart, K::ThreadCreate, K::ThreadJoin, K::ThreadFinish}));
}

TEST(Interpreter, AHandleGivenToTheNewThreadIsShared) {
  // The same array passed as the thread's argument escapes: its accesses are events.
  std::string ir = kThreadHandles;
  ir.replace(ir.find("ARG"), 3, "%t");
  using K = EventLabel::Kind;
  EXPECT_EQ(kindsOf(runMain(*parse(ir))),
            (std::vector<K>{K::ThreadStart, K::ThreadCreate, K::Write, K::Read, K::ThreadJoin,
                            K::ThreadFinish}));
}

TEST(Interpreter, CmpxchgIsAReadThenAWriteOnlyWhenItSucceeds) {
  const char *ir = R"(
@x = global i32 0
define i32 @main() {
  %p = cmpxchg ptr @x, i32 0, i32 1 acq_rel monotonic
  %ok = extractvalue { i32, i1 } %p, 1
  %z = zext i1 %ok to i32
  ret i32 %z
}
)";
  auto p = parse(ir);
  auto succeeded = runMain(*p, 0);
  ASSERT_EQ(succeeded.size(), 4u);
  auto *r = dyn_cast<ReadLabel>(succeeded[1].get());
  ASSERT_TRUE(r && r->isRmw());
  EXPECT_EQ(r->order(), MemOrder::Acquire);
  auto *w = dyn_cast<WriteLabel>(succeeded[2].get());
  ASSERT_TRUE(w && w->isRmwPart());
  EXPECT_EQ(w->order(), MemOrder::Release);
  auto failed = runMain(*p, 7);
  ASSERT_EQ(failed.size(), 3u);
  EXPECT_EQ(cast<ThreadFinishLabel>(failed[2].get())->returnValue(), 0u);
}

TEST(Interpreter, FailedAssertionBecomesAnErrorEvent) {
  auto p = parse(R"(
@msg = private constant [6 x i8] c"x > 0\00"
declare void @__assert_fail(ptr, ptr, i32, ptr)
define i32 @main() {
  call void @__assert_fail(ptr @msg, ptr @msg, i32 1, ptr @msg)
  unreachable
}
)");
  auto ev = runMain(*p);
  ASSERT_EQ(ev.size(), 2u);
  auto *e = dyn_cast<ErrorLabel>(ev[1].get());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->errorKind(), ErrorKind::Assertion);
  EXPECT_NE(e->message().find("x > 0"), std::string::npos);
}

// Refused when the call runs (docs/interface.md §1): a program that only mentions it loads.
TEST(Interpreter, UnsupportedFunctionIsRejectedWithItsName) {
  auto p = parse(R"(
declare i32 @socket(i32, i32, i32)
define i32 @main() {
  %s = call i32 @socket(i32 1, i32 2, i32 3)
  ret i32 %s
}
)");
  try {
    runMain(*p);
    FAIL() << "expected an InputError";
  } catch (const InputError &e) {
    EXPECT_NE(std::string(e.what()).find("unsupported function 'socket'"), std::string::npos)
        << e.what();
  }
}

TEST(Interpreter, SpinLoopWithoutProgressBlocks) {
  auto p = parse(R"(
@flag = global i32 0
define i32 @main() {
entry:
  br label %loop
loop:
  %v = load atomic i32, ptr @flag acquire, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %loop, label %done
done:
  ret i32 0
}
)");
  auto ev =
      runMain(*p, 0); // the read keeps returning 0: the second iteration would repeat the first
  ASSERT_EQ(ev.size(), 3u);
  auto *b = dyn_cast<BlockLabel>(ev[2].get());
  ASSERT_TRUE(b);
  EXPECT_EQ(b->reason(), BlockReason::SpinLoop);
  EXPECT_TRUE(b->awaitsLastRead()); // the iteration was that one read
}

TEST(Interpreter, SpinLoopOverTwoReadsIsNotAnAwaitOfOne) {
  auto p = parse(R"(
@x = global i32 0
@y = global i32 0
define i32 @main() {
entry:
  br label %loop
loop:
  %a = load atomic i32, ptr @x acquire, align 4
  %b = load atomic i32, ptr @y acquire, align 4
  %s = add i32 %a, %b
  %z = icmp eq i32 %s, 0
  br i1 %z, label %loop, label %done
done:
  ret i32 0
}
)");
  auto ev = runMain(*p, 0); // both reads decide the block: no single read to take over
  ASSERT_EQ(ev.size(), 4u);
  auto *b = dyn_cast<BlockLabel>(ev[3].get());
  ASSERT_TRUE(b);
  EXPECT_EQ(b->reason(), BlockReason::SpinLoop);
  EXPECT_FALSE(b->awaitsLastRead());
}

TEST(Interpreter, DivisionByZeroIsReportedNotExecuted) {
  auto p = parse(R"(
@x = global i32 0
define i32 @main() {
  %v = load i32, ptr @x
  %d = sdiv i32 10, %v
  ret i32 %d
}
)");
  auto ev = runMain(*p, 0);
  ASSERT_EQ(ev.size(), 3u);
  auto *e = dyn_cast<ErrorLabel>(ev[2].get());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->errorKind(), ErrorKind::UndefinedBehaviour);
}

} // namespace
} // namespace scopemc

namespace scopemc {
namespace {

// The syncscope names GPU targets emit (AMDGPU, NVPTX, SPIR-V) and the scope levels of
// docs/model.md section 1 they name: work-group/CTA = block, agent/GPU = device.
TEST(SyncScopeNames, GpuTargetNamesMapToScopeLevels) {
  const std::pair<const char *, Scope> expected[] = {{"", Scope::System},
                                                     {"one-as", Scope::System},
                                                     {"workgroup", Scope::Block},
                                                     {"workgroup-one-as", Scope::Block},
                                                     {"block", Scope::Block},
                                                     {"cta", Scope::Block},
                                                     {"wavefront", Scope::Block},
                                                     {"wavefront-one-as", Scope::Block},
                                                     {"subgroup", Scope::Block},
                                                     {"agent", Scope::Device},
                                                     {"agent-one-as", Scope::Device},
                                                     {"device", Scope::Device},
                                                     {"gpu", Scope::Device},
                                                     {"singlethread", Scope::Thread},
                                                     {"singlethread-one-as", Scope::Thread}};
  for (auto &[name, scope] : expected) {
    auto s = scopeForSyncScopeName(name);
    ASSERT_TRUE(s.has_value()) << name;
    EXPECT_EQ(*s, scope) << name;
  }
  EXPECT_FALSE(scopeForSyncScopeName("cluster").has_value());
  EXPECT_FALSE(scopeForSyncScopeName("workgroup-two-as").has_value());
}

// A named syncscope becomes the label's scope; an unknown one is refused at load.
TEST(SyncScopeNames, AtomicInstructionsCarryTheirScopeAndUnknownNamesAreRefused) {
  auto p = parse(R"(
@x = global i32 0
define i32 @main() {
  store atomic i32 1, ptr @x syncscope("workgroup") release, align 4
  %v = load atomic i32, ptr @x syncscope("agent-one-as") acquire, align 4
  fence syncscope("singlethread") seq_cst
  %o = atomicrmw add ptr @x, i32 1 monotonic
  ret i32 0
}
)");
  auto ev = runMain(*p);
  std::vector<Scope> scopes;
  for (auto &e : ev)
    if (isa<MemAccessLabel>(e.get()) || isa<FenceLabel>(e.get()))
      scopes.push_back(e->scope());
  EXPECT_EQ(scopes, (std::vector<Scope>{Scope::Block, Scope::Device, Scope::Thread, Scope::System,
                                        Scope::System}));
  EXPECT_THROW(parse(R"(
@x = global i32 0
define i32 @main() {
  store atomic i32 1, ptr @x syncscope("cluster") release, align 4
  ret i32 0
}
)"),
               InputError);
}

} // namespace
} // namespace scopemc

TEST(IdQueries, TheProgramsHeaderSpellsTheSameNumbers) {
  // include/scopemc/api.h gives programs the queries of __scopemc_id as numbers; the frontend,
  // the interpreter and the symmetry analysis read them through frontend/IdQuery.h.
  std::ifstream in(std::string(SCOPEMC_TEST_INCLUDE_DIR) + "/scopemc/api.h");
  std::map<std::string, uint64_t> header;
  std::regex define(R"(#define __SCOPEMC_ID_([A-Z_]+) ([0-9]+))");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, define))
      header[m[1]] = std::stoull(m[2]);
  std::map<std::string, uint64_t> ours = {
      {"THREAD", scopemc::idq::kThread},        {"BLOCK", scopemc::idq::kBlock},
      {"BLOCK_SIZE", scopemc::idq::kBlockSize}, {"GRID_SIZE", scopemc::idq::kGridSize},
      {"DEVICE", scopemc::idq::kDevice},        {"LANE", scopemc::idq::kLane}};
  EXPECT_EQ(header, ours);
  EXPECT_EQ(scopemc::idq::kLaneMaskEq, scopemc::idq::kLane + 5); // api.h: "then 14-18"
}
