// The one interface through which the library functions the interpreter models (Calls: the
// builtins, the intrinsics, the kernel API and harness, CUDA's runtime, GenMC's API) act on
// the thread they run on: the events they may offer, the memory they may read and write (as
// events the interpreter builds), and a function to enter, which the Interpreter implements;
// and the call's registers, the same for every host. Calls sees nothing else of the
// Interpreter.
//
// Contract (as for every instruction, runner/EventSink.h):
// - a library function offers all its events before it changes the thread's state (a Stop
//   from offer or from a memory operation means: return Flow::Stop at once; the call runs
//   again, its events replayed, once the exploration resumes the thread);
// - offer() advances the thread's event index and feeds loop progress; the memory
//   operations check the address (a memory error is offered as an error event and ends the
//   thread: Flow::Done) and apply the repair's overrides;
// - block() and fail() offer the thread's last event (Flow::Done) or Stop.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interpreter/InterpreterOptions.h"
#include "interpreter/ThreadState.h"

namespace scopemc {

/// Bytes a bulk store writes: `size` bytes at `addr`, from `bytes` (null: each is `fill`),
/// split as the object at the call's pointer operand `operand` is accessed; where the IR
/// says nothing of that object, in pieces of `grain` bytes (0: by alignment), the element
/// size the call names (fread's) or 1 for characters.
struct ByteRun {
  unsigned operand = 0;
  uint64_t addr = 0, size = 0;
  const uint8_t *bytes = nullptr;
  uint8_t fill = 0;
  uint32_t grain = 0;
};

/// What executing one instruction did: go on with the next one, a jump was taken (pc set),
/// the sink asked to stop (the instruction runs again on resumption), the thread ended.
enum class Flow : uint8_t { Next, Jumped, Stop, Done };

class CallHost {
public:
  // What the host runs, and with which options (fixed for its life)
  const Program &program() const { return prog_; }
  const InterpreterOptions &options() const { return opts_; }

  // The call's registers (CallHost.cpp): an operand's value (constants evaluated), its scalar
  // bits (no aggregate copy), and the instruction's result
  RtValue get(const CallFrame &f, const llvm::Value *v) const;
  uint64_t bits(const CallFrame &f, const llvm::Value *v) const;
  static void set(CallFrame &f, const llvm::Instruction &i, RtValue v) {
    reg(f, &i) = std::move(v);
  }
  static void setBits(CallFrame &f, const llvm::Instruction &i, uint64_t v) { reg(f, &i).bits = v; }
  /// The register of an argument or instruction of f's function.
  static RtValue &reg(CallFrame &f, const llvm::Value *v) { return f.regs[f.fi->slots.lookup(v)]; }
  static const RtValue &reg(const CallFrame &f, const llvm::Value *v) {
    return f.regs[f.fi->slots.lookup(v)];
  }

  // The thread's events
  static Event nextEvent(const ThreadState &th) { return Event{th.tid, th.nextIndex}; }
  const SourceLoc *src(const llvm::Instruction &i) const { return prog_.sourceOf(&i); }
  /// Offers `lab` (the thread's next event); false: Stop. `value`: what a read returned.
  virtual bool offer(ThreadState &th, const EventLabel &lab, uint64_t *value = nullptr) = 0;
  virtual Flow block(ThreadState &th, const llvm::Instruction &i, BlockReason r,
                     bool awaits = false) = 0;
  virtual Flow fail(ThreadState &th, const llvm::Instruction &i, ErrorKind k, std::string msg) = 0;

  // Memory, as events (Flow::Next when done)
  /// Loads a value of type ty at a.
  virtual Flow load(ThreadState &th, const llvm::Instruction &i, uint64_t a, llvm::Type *ty,
                    Access acc, RtValue &out) = 0;
  virtual Flow loadScalar(ThreadState &th, const llvm::Instruction &i, uint64_t a, uint32_t size,
                          Access acc, uint64_t &out, ReadLabel::Rmw rmw = {}) = 0;
  virtual Flow storeScalar(ThreadState &th, const llvm::Instruction &i, uint64_t a, uint32_t size,
                           uint64_t v, Access acc, bool rmwPart = false) = 0;
  /// An atomic read-modify-write (or a plain one when acc is plain); `old` is the value read.
  virtual Flow rmwAt(ThreadState &th, const llvm::Instruction &i, uint64_t a, uint32_t size,
                     RmwOp op, uint64_t x, Access acc, uint64_t &old) = 0;
  /// A compare-and-swap; it succeeded when `old` equals `expected` in its low `size` bytes.
  virtual Flow casAt(ThreadState &th, const llvm::Instruction &i, uint64_t a, uint32_t size,
                     uint64_t expected, uint64_t desired, Access succ, MemOrder failOrder,
                     uint64_t &old) = 0;
  /// `resumable`: the instruction is only this operation, so a Stop keeps the pieces done
  /// (ThreadState::bulk); not for a call that offers other events first (realloc).
  virtual Flow copyMemory(ThreadState &th, const llvm::Instruction &i, uint64_t dst, uint64_t src,
                          uint64_t n, bool resumable = true) = 0;
  /// Stores the runs in order (memset: one run of a byte; a file read: the bytes read), each
  /// in the pieces the object at its call operand is accessed in; `resumable` as copyMemory's.
  virtual Flow storeRuns(ThreadState &th, const llvm::Instruction &i, std::span<const ByteRun> runs,
                         bool resumable = true) = 0;
  /// Reads `n` bytes at the pointer operand `operands[0]` of the call, address `a[0]`, and
  /// with two operands as many at the second (memcmp), each side in the pieces its own
  /// objects are accessed in (resumable, as copyMemory): `bytes` gets the first side's bytes,
  /// then the second's. Padding between fields reads as 0.
  virtual Flow readMemory(ThreadState &th, const llvm::Instruction &i,
                          std::span<const unsigned> operands, std::span<const uint64_t> a,
                          uint64_t n, std::vector<uint8_t> &bytes) = 0;
  /// A fence of `i` with order `o` and scope `s`, the repair's overrides applied.
  virtual FenceLabel fenceLabel(ThreadState &th, const llvm::Instruction &i, MemOrder o,
                                Scope s) const = 0;

  /// Enters function `fi` with `args` on the thread (Flow::Jumped).
  virtual Flow enterFunction(ThreadState &th, const FunctionInfo &fi,
                             std::vector<RtValue> &&args) = 0;

protected:
  /// `opts` may be a member of the derived class not yet constructed: it is only kept.
  CallHost(const Program &prog, const InterpreterOptions &opts) : prog_(prog), opts_(opts) {}
  CallHost(const CallHost &) = delete;
  CallHost &operator=(const CallHost &) = delete;
  ~CallHost() = default;

private:
  const Program &prog_;
  const InterpreterOptions &opts_;
};

/// Runs `i` on the thread if it computes a value from values (arithmetic, comparisons,
/// casts, selects, aggregates, vectors: ValueOps.cpp); nullopt for any other instruction.
/// An undefined operation of C ends the thread (CallHost::fail).
std::optional<Flow> execValue(CallHost &h, ThreadState &th, CallFrame &f,
                              const llvm::Instruction &i);

} // namespace scopemc
