// Runs the threads of a Program one at a time, turning every visible operation into a label
// offered to an EventSink (see EventSink.h). Holds no state across executions beyond what
// replay rebuilds: after resetThread, a thread starts again from its entry.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <llvm/IR/Instructions.h>

#include "interpreter/LoopProgress.h"
#include "interpreter/Program.h"
#include "runner/EventSink.h"

namespace scopemc {

/// A change to the accesses one instruction makes (each only strengthens): a plain access
/// becomes a relaxed atomic, a scope is widened to at least `scope`, a read becomes an
/// acquire, a write a release.
struct AccessOverride {
  bool makeAtomic = false;
  Scope scope = Scope::Thread;
  bool acquire = false, release = false;
  bool operator==(const AccessOverride &) const = default;
};
/// Keyed by the instruction's source record (Program::sourceOf; one per instruction).
using AccessOverrides = std::map<const SourceLoc *, AccessOverride>;

struct InterpreterOptions {
  /// Loops other than spin loops may take their back edge at most this many times in one
  /// call of their function (0: no bound).
  unsigned unroll = 0;
  /// Changes to the order, scope or atomicity of accesses, per instruction (repair verifies
  /// candidate edits with them); applied as each access's label is built.
  std::shared_ptr<const AccessOverrides> overrides;
  /// Zero-net-effect iterations block (docs/dpor.md §4): RMWs that cancel out (a fetch_sub undone
  /// by a fetch_add), writes to memory the thread allocated and has not published yet, and
  /// the value a failed CAS hands to the retry do not count as progress. Off: an iteration
  /// blocks only when it wrote nothing and every header value repeats (the differential
  /// tests compare the two).
  bool zeroNetEffect = true;
  /// Give created threads their symmetry class (interpreter/Symmetry.h), which the
  /// exploration uses to explore interchangeable threads once (--no-symmetry: off).
  bool symmetry = true;
  /// Test aid: the symmetry analysis with a planted mistake (SymmetryAnalysis), which the
  /// differential tests must catch. Never set otherwise.
  bool symmetryPlantedMistake = false;
  /// Mark the RMWs that commute with their like (interpreter/analysis/Commuting.h), which the
  /// exploration explores in one order (--no-commuting-updates, --no-symmetry: off).
  bool commutingUpdates = true;
  /// Test aid: RMWs whose results are used are marked as commuting too, a mistake the
  /// differential tests must catch. Never set otherwise.
  bool commutingPlantedMistake = false;
};

/// How a memory event accesses memory: its order and, for atomics, its scope.
struct Access {
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
  const SourceLoc *annotation = nullptr; // MemAccessLabel::annotation
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
  size_t snapshotCost(ThreadId t) const override;
  /// The sink is asked whether to stop every kPollEvery + 1 instructions (a few ms).
  static constexpr uint64_t kPollEvery = (1u << 18) - 1;
  std::vector<LoopActivity> busyLoops(uint64_t minIterations) const override;

private:
  struct Frame {
    const FunctionInfo *fi = nullptr;
    const llvm::BasicBlock *bb = nullptr;
    llvm::BasicBlock::const_iterator pc;
    std::vector<RtValue> regs;
    std::vector<uint32_t> loopIters; // back edges taken in the current instance of each loop
    std::vector<LoopProgress::Start> loopStarts; // the thread as the current iteration began
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
    const SourceLoc *scopeFrom = nullptr; // the annotation call that set `scope`
    const SourceLoc *weakFrom = nullptr;  // the call that set `weakNext`
    std::vector<Frame> stack;
    int32_t nextIndex = 0;
    LoopProgress progress; // what the thread's loop iterations did (docs/dpor.md §4)
    std::vector<uint8_t> priv;
    // No stack object starts at offset 0 (see Program::layoutGlobals).
    uint64_t privTop = addr::kStackStart, sharedTop = addr::kStackStart, heapTop = 16;
    /// The live stack objects of the thread, (offset, end) in ascending order: private ones
    /// are dropped when their frame returns, shared ones stay (their lifetime is not checked).
    std::vector<std::pair<uint64_t, uint64_t>> privObjects, sharedObjects;
    std::vector<std::pair<uint64_t, uint32_t>> barrierCalls; // (barrier, calls so far)
    uint32_t groupSize = 0;                                  // __VERIFIER_groupsize
    std::optional<uint32_t>
        globalId; // __VERIFIER_thread_global_id, placed once the group size is known
    /// A bulk operation (memset, memcpy) stopped part-way: the pieces before `off` are
    /// done (their events replayed), so running the instruction again continues there
    /// instead of offering every piece again (Memory.cpp).
    struct Bulk {
      const llvm::Instruction *inst = nullptr;
      uint64_t off = 0;
      bool storing = false;          // memcpy: reading done, storing from `off`
      std::vector<uint8_t> buf;      // memcpy: the bytes read so far
      std::vector<bool> skip;        // memcpy: padding pieces (not copied)
      std::vector<ThreadId> threads; // a launch: the threads it created so far
      std::shared_ptr<const std::vector<ThreadId>> joins; // the run of joins being made
    } bulk;
    uint32_t nondetCalls = 0; // __VERIFIER_nondet_* calls so far (the value is a function of it)
    std::vector<std::pair<uint64_t, uint64_t>> hazards; // (hazard pointer, what it protects)
    struct Launch {
      std::vector<ThreadId> threads;
      bool waited = false;
    };
    std::vector<Launch> launches;                          // kernels this thread launched
    std::vector<std::pair<uint32_t, uint32_t>> blocksUsed; // (device, blocks launched there)
    /// CUDA streams of this host thread (Cuda.cpp): the default stream (handle 0) first; the
    /// stream thread of each one's latest launch (-1: none), joined ones forgotten.
    struct Stream {
      uint64_t handle = 0;
      ThreadId last = -1;
      bool blocking = true; // synchronises with the legacy default stream
    };
    std::vector<Stream> streams;
    /// The launch configuration `<<<...>>>` pushed and the kernel's stub pops.
    std::vector<uint64_t> launchConfig;
  };
  /// What executing one instruction did.
  enum class Flow : uint8_t { Next, Jumped, Stop, Done };

  // core (Interpreter.cpp)
  Flow step(Thread &th);
  Flow exec(Thread &th, Frame &f, const llvm::Instruction &i);
  Flow branchTo(Thread &th, Frame &f, const llvm::BasicBlock *to);
  Flow enterFunction(Thread &th, const FunctionInfo &fi, std::vector<RtValue> &&args);
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
  Flow store(Thread &th, const llvm::Instruction &i, uint64_t a, llvm::Type *ty, const RtValue &v,
             Access acc);
  Flow accessCheck(Thread &th, const llvm::Instruction &i, uint64_t a, uint64_t size);
  /// The arguments a kernel thread started by a CUDA launch passes to its kernel, decoded from
  /// the launch's parameter bytes (Cuda.cpp); by-value aggregates are copied to its stack.
  std::vector<RtValue> kernelArguments(Thread &th, const llvm::Function &kernel);
  Flow loadScalar(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, Access acc,
                  uint64_t &out, ReadLabel::Rmw rmw = {});
  Flow storeScalar(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, uint64_t v,
                   Access acc, bool rmwPart = false);
  /// An atomic read-modify-write (or a plain one when acc is plain); `old` is the value read.
  Flow rmwAt(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, RmwOp op,
             uint64_t x, Access acc, uint64_t &old);
  /// A compare-and-swap; it succeeded when `old` equals `expected` in its low `size` bytes.
  Flow casAt(Thread &th, const llvm::Instruction &i, uint64_t a, uint32_t size, uint64_t expected,
             uint64_t desired, Access succ, MemOrder failOrder, uint64_t &old);
  Flow atomicRmw(Thread &th, Frame &f, const llvm::AtomicRMWInst &i);
  Flow cmpxchg(Thread &th, Frame &f, const llvm::AtomicCmpXchgInst &i);
  Flow fence(Thread &th, const llvm::FenceInst &i);
  /// `resumable`: the instruction is only this operation, so a Stop keeps the pieces done
  /// (Thread::bulk); not for a call that offers other events first (realloc).
  Flow copyMemory(Thread &th, const llvm::Instruction &i, uint64_t dst, uint64_t src, uint64_t n,
                  bool resumable = true);
  Flow setMemory(Thread &th, const llvm::Instruction &i, uint64_t dst, uint8_t byte, uint64_t n);
  /// How operand `operand` (at address ptr) of bulk operation i splits (Program::bulkShape).
  Piecing piecing(const Thread &th, const llvm::Instruction &i, unsigned operand,
                  uint64_t ptr) const;
  Scope scopeOf(const Thread &th, llvm::SyncScope::ID id) const;
  MemOrder accessOrder(Thread &th, llvm::AtomicOrdering o) const;
  Access accessOf(Thread &th, llvm::AtomicOrdering o, llvm::SyncScope::ID id) const;
  /// The repair's override of instruction i (InterpreterOptions::overrides), if any.
  const AccessOverride *overrideOf(const llvm::Instruction &i) const;
  /// `acc` with InterpreterOptions::overrides of instruction i applied.
  Access overridden(const llvm::Instruction &i, Access acc, bool isWrite) const;
  /// A fence of `i` with order `o` and scope `s`, the repair's overrides applied.
  FenceLabel fenceLabel(Thread &th, const llvm::Instruction &i, MemOrder o, Scope s) const;

  /// The address an access to `a` by this thread reaches: its block's copy of block-shared
  /// memory, `a` itself otherwise.
  uint64_t locate(const Thread &th, uint64_t a) const;

  const Program &prog_;
  InterpreterOptions opts_;
  bool scFences_ = true; // mayFenceSc: no RMW commutes then
  std::vector<Thread> threads_;
  SnapshotSlots<Thread> snapshots_;
  EventSink *sink_ = nullptr;
  uint64_t steps_ = 0; // instructions run (run polls the sink every kPollEvery + 1)
  friend class Calls;
  std::unique_ptr<Calls> calls_;
};

} // namespace scopemc
