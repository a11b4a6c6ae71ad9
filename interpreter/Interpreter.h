// Runs the threads of a Program one at a time, turning every visible operation into a label
// offered to an EventSink (see EventSink.h). Holds no state across executions beyond what
// replay rebuilds: after resetThread, a thread starts again from its entry.
//
// Contract: the ProgramRunner one (runner/EventSink.h): a thread's events are a function of
// the program, its entry and the values its earlier events were given, so replaying them
// rebuilds its state. Library calls act through CallHost (interpreter/CallHost.h), loop
// progress is LoopProgress's (interpreter/LoopProgress.h).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <llvm/IR/Instructions.h>

#include "interpreter/CallHost.h"
#include "interpreter/InterpreterOptions.h"
#include "interpreter/ThreadState.h"
#include "runner/EventSink.h"

namespace scopemc {

class Calls;

class Interpreter final : public ProgramRunner, private CallHost {
public:
  Interpreter(const Program &prog, InterpreterOptions opts);
  ~Interpreter() override;

  void resetThread(ThreadId t, const ThreadEntry &entry, ThreadPos pos) override;
  RunStatus run(ThreadId t, EventSink &sink) override;
  uint64_t initialValue(Addr a, uint32_t size) const override;
  Reductions reductions() const override { return opts_.reductions; }
  int32_t saveThread(ThreadId t, uint32_t slot) override;
  void restoreThread(ThreadId t, uint32_t slot) override;
  size_t snapshotCost(ThreadId t) const override;
  /// The sink is asked whether to stop every kPollEvery + 1 instructions (a few ms).
  static constexpr uint64_t kPollEvery = (1u << 18) - 1;
  std::vector<LoopActivity> busyLoops(uint64_t minIterations) const override;
  LaunchSize largestLaunch() const override;

private:
  using Frame = CallFrame;
  using Thread = ThreadState;
  using Flow = scopemc::Flow;

  // core (Interpreter.cpp); the CallHost functions are what Calls may use
  Flow step(Thread &th);
  Flow exec(Thread &th, Frame &f, const llvm::Instruction &i);
  Flow branchTo(Thread &th, Frame &f, const llvm::BasicBlock *to);
  Flow enterFunction(Thread &th, const FunctionInfo &fi, std::vector<RtValue> &&args) override;
  Flow returnFrom(Thread &th, RtValue ret, bool hasValue);
  // (the registers, program(), options(), nextEvent() and src() are CallHost's)
  uint64_t gep(const Frame &f, const llvm::GetElementPtrInst &i) const;

  // events (Memory.cpp)
  bool offer(Thread &th, const EventLabel &lab, uint64_t *value = nullptr) override;
  Flow block(Thread &th, const llvm::Instruction &i, BlockReason r, bool awaits = false) override;
  Flow fail(Thread &th, const llvm::Instruction &i, ErrorKind k, std::string msg) override;
  /// Loads a value of type ty at a; returns Stop/Done or Next.
  Flow load(Thread &th, const llvm::Instruction &i, uint64_t a, llvm::Type *ty, Access acc,
            RtValue &out) override;
  Flow store(Thread &th, const llvm::Instruction &i, uint64_t a, llvm::Type *ty, const RtValue &v,
             Access acc);
  Flow accessCheck(Thread &th, const llvm::Instruction &i, uint64_t a, uint64_t size);
  Flow loadScalar(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, Access acc,
                  uint64_t &out, ReadLabel::Rmw rmw = {}) override;
  Flow storeScalar(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, uint64_t v,
                   Access acc, bool rmwPart = false) override;
  /// An atomic read-modify-write (or a plain one when acc is plain); `old` is the value read.
  Flow rmwAt(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, RmwOp op,
             uint64_t x, Access acc, uint64_t &old) override;
  /// A compare-and-swap; it succeeded when `old` equals `expected` in its low `size` bytes.
  Flow casAt(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, uint64_t expected,
             uint64_t desired, Access succ, MemOrder failOrder, uint64_t &old) override;
  Flow atomicRmw(Thread &th, Frame &f, const llvm::AtomicRMWInst &i);
  Flow cmpxchg(Thread &th, Frame &f, const llvm::AtomicCmpXchgInst &i);
  Flow fence(Thread &th, const llvm::FenceInst &i);
  /// `resumable`: the instruction is only this operation, so a Stop keeps the pieces done
  /// (Thread::bulk); not for a call that offers other events first (realloc).
  Flow copyMemory(Thread &th, const llvm::Instruction &i, uint64_t dst, uint64_t src, uint64_t n,
                  bool resumable = true) override;
  Flow storeRuns(Thread &th, const llvm::Instruction &i, std::span<const ByteRun> runs,
                 bool resumable = true) override;
  Flow readMemory(Thread &th, const llvm::Instruction &i, std::span<const unsigned> operands,
                  std::span<const uint64_t> a, uint64_t n, std::vector<uint8_t> &bytes) override;
  Scope scopeOf(const Thread &th, llvm::SyncScope::ID id) const;
  Access accessOf(Thread &th, llvm::AtomicOrdering o, llvm::SyncScope::ID id) const;
  /// The repair's override of instruction i (InterpreterOptions::overrides), if any.
  const AccessOverride *overrideOf(const llvm::Instruction &i) const;
  /// `acc` with InterpreterOptions::overrides of instruction i applied.
  Access overridden(const llvm::Instruction &i, Access acc, bool isWrite) const;
  /// A fence of `i` with order `o` and scope `s`, the repair's overrides applied.
  FenceLabel fenceLabel(Thread &th, const llvm::Instruction &i, MemOrder o, Scope s) const override;

  const Program &prog_;
  InterpreterOptions opts_;
  bool scFences_ = true; // mayFenceSc: no RMW commutes then
  std::vector<Thread> threads_;
  SnapshotSlots<Thread> snapshots_;
  EventSink *sink_ = nullptr;
  uint64_t steps_ = 0; // instructions run (run polls the sink every kPollEvery + 1)
  std::unique_ptr<Calls> calls_;
};

} // namespace scopemc
