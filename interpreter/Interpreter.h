// Runs the threads of a Program one at a time, turning every visible operation into a label
// offered to an EventSink (see EventSink.h). Holds no state across executions beyond what
// replay rebuilds: after resetThread, a thread starts again from its entry.
#pragma once

#include <memory>
#include <vector>

#include <llvm/IR/Instructions.h>

#include "interpreter/EventSink.h"
#include "interpreter/Program.h"

namespace scopemc {

struct InterpreterOptions {
  /// Loops other than spin loops may take their back edge at most this many times in one
  /// call of their function (0: no bound).
  unsigned unroll = 0;
};

/// How a memory event accesses memory: its order and, for atomics, its scope.
struct Access {
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
};
inline constexpr Access kPlain{};

class Calls;

class Interpreter final : public ProgramRunner {
public:
  Interpreter(const Program &prog, InterpreterOptions opts);
  ~Interpreter() override;

  void resetThread(ThreadId t, const ThreadEntry &entry, ThreadPos pos) override;
  RunStatus run(ThreadId t, EventSink &sink) override;
  uint64_t initialValue(Addr a, uint32_t size) const override;
  int32_t saveThread(ThreadId t, uint32_t slot) override;
  void restoreThread(ThreadId t, uint32_t slot) override;

private:
  struct Frame {
    const FunctionInfo *fi = nullptr;
    const llvm::BasicBlock *bb = nullptr;
    llvm::BasicBlock::const_iterator pc;
    std::vector<RtValue> regs;
    std::vector<uint32_t> loopIters;  // back edges taken in the current instance of each loop
    std::vector<int32_t> loopWrites;  // the thread's write count when the iteration began
    std::vector<int32_t> loopEvents;  // the thread's next event index when it began
    uint64_t privMark = 0;
  };
  struct Thread {
    ThreadId tid = 0;
    ThreadPos pos;
    ThreadEntry entry;
    bool started = false;
    bool placed = false;
    bool weakNext = false; // __VERIFIER_weak_access: the next access is plain
    Scope scope = Scope::System;
    std::vector<Frame> stack;
    int32_t nextIndex = 0;
    int32_t writes = 0;
    std::vector<uint8_t> priv;
    uint64_t privTop = 0, sharedTop = 0, heapTop = 0;
    std::vector<std::pair<uint64_t, uint64_t>> ownAllocs; // (address, size), for realloc
    std::vector<std::pair<uint64_t, uint32_t>> barrierCalls; // (barrier, calls so far)
    uint32_t groupSize = 0; // __VERIFIER_groupsize
    struct Launch {
      std::vector<ThreadId> threads;
      bool waited = false;
    };
    std::vector<Launch> launches;                           // kernels this thread launched
    std::vector<std::pair<uint32_t, uint32_t>> blocksUsed; // (device, blocks launched there)
  };
  /// What executing one instruction did.
  enum class Flow : uint8_t { Next, Jumped, Stop, Done };

  // core (Interpreter.cpp)
  Flow step(Thread &th);
  Flow exec(Thread &th, Frame &f, const llvm::Instruction &i);
  Flow branchTo(Thread &th, Frame &f, const llvm::BasicBlock *to);
  Flow enterFunction(Thread &th, const FunctionInfo &fi, std::vector<RtValue> args);
  Flow returnFrom(Thread &th, RtValue ret, bool hasValue);
  RtValue get(const Frame &f, const llvm::Value *v) const;
  /// The scalar bits of an operand (fast path: no aggregate copy).
  uint64_t bits(const Frame &f, const llvm::Value *v) const;
  /// The register of an argument or instruction of f's function.
  static RtValue &reg(Frame &f, const llvm::Value *v) { return f.regs[f.fi->slots.lookup(v)]; }
  static const RtValue &reg(const Frame &f, const llvm::Value *v) {
    return f.regs[f.fi->slots.lookup(v)];
  }
  void setBits(Frame &f, const llvm::Instruction &i, uint64_t v) const { reg(f, &i).bits = v; }
  void set(Frame &f, const llvm::Instruction &i, RtValue v) const;
  RtValue binary(const llvm::BinaryOperator &i, const RtValue &a, const RtValue &b) const;
  RtValue castValue(const llvm::CastInst &i, const RtValue &v) const;
  uint64_t gep(const Frame &f, const llvm::GetElementPtrInst &i) const;

  // events (Memory.cpp)
  bool offer(Thread &th, const EventLabel &lab, uint64_t *value = nullptr);
  Event nextEvent(const Thread &th) const { return Event{th.tid, th.nextIndex}; }
  const SourceLoc *src(const llvm::Instruction &i) const { return prog_.sourceOf(&i); }
  Flow block(Thread &th, const llvm::Instruction &i, BlockReason r, bool awaits = false);
  Flow fail(Thread &th, const llvm::Instruction &i, ErrorKind k, std::string msg);
  /// Loads a value of type ty at a; returns Stop/Done or Next.
  Flow load(Thread &th, const llvm::Instruction &i, uint64_t a, llvm::Type *ty, Access acc,
            RtValue &out);
  Flow store(Thread &th, const llvm::Instruction &i, uint64_t a, llvm::Type *ty,
             const RtValue &v, Access acc);
  Flow accessCheck(Thread &th, const llvm::Instruction &i, uint64_t a, uint64_t size);
  Flow loadScalar(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size,
                  Access acc, uint64_t &out, ReadLabel::Rmw rmw = {});
  Flow storeScalar(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size,
                   uint64_t v, Access acc, bool rmwPart = false);
  /// An atomic read-modify-write (or a plain one when acc is plain); `old` is the value read.
  Flow rmwAt(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, RmwOp op,
             uint64_t x, Access acc, uint64_t &old);
  /// A compare-and-swap; it succeeded when `old` equals `expected` in its low `size` bytes.
  Flow casAt(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, uint64_t expected,
             uint64_t desired, Access succ, MemOrder failOrder, uint64_t &old);
  Flow atomicRmw(Thread &th, Frame &f, const llvm::AtomicRMWInst &i);
  Flow cmpxchg(Thread &th, Frame &f, const llvm::AtomicCmpXchgInst &i);
  Flow fence(Thread &th, const llvm::FenceInst &i);
  Flow copyMemory(Thread &th, const llvm::Instruction &i, uint64_t dst, uint64_t src, uint64_t n);
  Flow setMemory(Thread &th, const llvm::Instruction &i, uint64_t dst, uint8_t byte, uint64_t n);
  Scope scopeOf(const Thread &th, llvm::SyncScope::ID id) const;
  MemOrder accessOrder(Thread &th, llvm::AtomicOrdering o) const;
  Access accessOf(Thread &th, llvm::AtomicOrdering o, llvm::SyncScope::ID id) const;

  /// The address an access to `a` by this thread reaches: its block's copy of block-shared
  /// memory, `a` itself otherwise.
  uint64_t locate(const Thread &th, uint64_t a) const;

  const Program &prog_;
  InterpreterOptions opts_;
  std::vector<Thread> threads_;
  SnapshotSlots<Thread> snapshots_;
  EventSink *sink_ = nullptr;
  friend class Calls;
  std::unique_ptr<Calls> calls_;
};

} // namespace scopemc
