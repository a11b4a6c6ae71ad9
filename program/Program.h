// A loaded program: the LLVM module plus what the interpreter precomputes once and then
// only reads (shared by every run): value slots, loops, globals and their initial image,
// source locations, which allocas never escape their thread.
//
// Contract: a Program that was constructed can be run: validation refused (InputError, with
// file:line) every instruction, intrinsic and call the interpreter cannot run. After
// construction it is immutable and may be read by the interpreters of every worker at once.
// The load-time analyses that fill it are in program/analysis/, one per file.
#pragma once

#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "frontend/InputError.h"
#include "model/BarrierKeys.h"
#include "model/Labels.h"
#include "program/BuiltinId.h"
#include "program/analysis/BulkShapes.h"
#include "program/analysis/Loops.h"

namespace scopemc {

/// The virtual address space. Private memory never becomes events.
namespace addr {
constexpr uint64_t kFunctions = 0x0100'0000'0000ull;
constexpr uint64_t kGlobals = 0x1000'0000'0000ull;
constexpr uint64_t kHeap = 0x2000'0000'0000ull;
constexpr uint64_t kSharedStack = 0x3000'0000'0000ull;
constexpr uint64_t kPrivateStack = 0x4000'0000'0000ull;
// 0x5000'0000'0000: kBlockBarrierIds (model/BarrierKeys.h), ids of barriers, not memory
constexpr uint64_t kBlockShared = 0x6000'0000'0000ull; // __shared__ / __local: a copy per block
/// Thread-local globals (__thread, _Thread_local, thread_local): thread t's instance of a
/// global at template offset o is at kThreadLocal + t * 2^32 + o (thread 0's is the template).
/// The address is an ordinary one: another thread may reach the instance through it.
constexpr uint64_t kThreadLocal = 0x7000'0000'0000ull;
/// FILE* values (interpreter/Files.h): not memory. Thread t's k-th open file is
/// kFiles + t * 2^32 + 16 (k + 1); standard input, output and error are thread 0's 0 to 2
/// (include/scopemc/libc.c defines stdin, stdout and stderr so).
constexpr uint64_t kFiles = 0x8000'0000'0000ull;
constexpr uint64_t kRegionMask = 0xF000'0000'0000ull;
/// Block-shared memory: a global's address is a template (key 0); an access by a thread of
/// block (d, b) goes to the copy with key 1 + d * 2^16 + b, as a GPU's shared-memory window.
constexpr unsigned kBlockShift = 24;
inline bool isBlockShared(uint64_t a) { return (a & kRegionMask) == kBlockShared; }
inline uint64_t sharedTemplate(uint64_t a) {
  return kBlockShared | (a & ((1ull << kBlockShift) - 1));
}
inline uint64_t sharedKey(uint64_t a) { return (a & ~kRegionMask) >> kBlockShift; }
constexpr unsigned kThreadShift = 32;
/// The bytes of a region each thread has (heap, stacks, thread-locals).
constexpr uint64_t kThreadSpan = uint64_t{1} << kThreadShift;
/// The bytes of a thread's stack (each of its private and shared stacks); a frame that does
/// not fit is a stack overflow (a memory error).
constexpr uint64_t kMaxStack = uint64_t{8} << 20;
/// How deep calls may nest in one thread: a machine's 8 MiB stack holds about this many
/// frames of 64 bytes; deeper is the program's stack overflow (a memory error).
constexpr size_t kMaxCallDepth = 131072;
/// The largest single allocation the heap gives; larger requests return NULL.
constexpr uint64_t kMaxAllocation = uint64_t{1} << 30;
inline uint64_t threadBase(uint64_t region, ThreadId t) {
  return region + (static_cast<uint64_t>(t) << kThreadShift);
}
/// Thread t's FILE* of its open file `slot` (kFiles).
inline uint64_t fileHandle(ThreadId t, uint64_t slot) {
  return kFiles + (static_cast<uint64_t>(t) << kThreadShift) + 16 * (slot + 1);
}
/// Where a thread's stacks start, and the alignment of an object placed on them (an alloca):
/// the interpreter places locals by this rule and witnesses name them by it.
constexpr uint64_t kStackStart = 16;
/// The bytes left unused after each object on a thread's stack: an access that runs past an
/// object's end (an off-by-one, a string or a memcpy overflowing its buffer) lands there, not
/// in the next object, and is an out-of-bounds access, as with AddressSanitizer's red zones.
constexpr uint64_t kStackRedZone = 32;
inline uint64_t stackAlign(uint64_t top, uint64_t objectAlign) {
  uint64_t align = objectAlign > 8 ? objectAlign : 8;
  return (top + align - 1) / align * align;
}
inline bool isPrivate(uint64_t a) { return (a & kRegionMask) == kPrivateStack; }
inline bool isHeap(uint64_t a) { return (a & kRegionMask) == kHeap; }
inline ThreadId ownerOf(uint64_t a) {
  return static_cast<ThreadId>((a & ~kRegionMask) >> kThreadShift);
}
inline uint64_t offsetIn(uint64_t a) { return a & ((1ull << kThreadShift) - 1); }
inline bool isThreadLocal(uint64_t a) { return (a & kRegionMask) == kThreadLocal; }
/// The template (thread 0's) address of a thread-local instance.
inline uint64_t threadLocalTemplate(uint64_t a) { return kThreadLocal | offsetIn(a); }
} // namespace addr

struct RtValue;

/// The elements of an aggregate or vector value. Nearly every value is a scalar, whose
/// element list is one null pointer: made, copied and dropped without a call.
class RtElems {
public:
  RtElems() = default;
  RtElems(std::initializer_list<RtValue> l);
  RtElems(const RtElems &o);
  RtElems(RtElems &&) noexcept = default;
  RtElems &operator=(const RtElems &o);
  RtElems &operator=(RtElems &&) noexcept = default;
  ~RtElems();

  bool empty() const;
  size_t size() const;
  RtValue &operator[](size_t k);
  const RtValue &operator[](size_t k) const;
  RtValue &at(size_t k);
  const RtValue &at(size_t k) const;
  void resize(size_t n);
  void push_back(RtValue v);

private:
  std::vector<RtValue> &list(); // made on first use
  std::unique_ptr<std::vector<RtValue>> v_;
};

/// A runtime value: scalars as 64 bits (integers zero-extended, floating point as bit
/// patterns, pointers as addresses); aggregates and vectors as their elements.
struct RtValue {
  uint64_t bits = 0;
  RtElems elems;

  RtValue() = default;
  RtValue(uint64_t b, RtElems e) : bits(b), elems(std::move(e)) {}
  RtValue(const RtValue &) = default;
  RtValue(RtValue &&) noexcept = default;
  RtValue &operator=(RtValue &&) noexcept = default;
  /// Registers are copied in bulk (thread snapshots): scalars skip the aggregate part.
  RtValue &operator=(const RtValue &o) {
    bits = o.bits;
    if (!elems.empty() || !o.elems.empty())
      elems = o.elems;
    return *this;
  }
};

// (defined once RtValue is complete: std::vector<RtValue> needs it)
inline bool RtElems::empty() const { return !v_ || v_->empty(); }
inline size_t RtElems::size() const { return v_ ? v_->size() : 0; }
inline RtValue &RtElems::operator[](size_t k) { return (*v_)[k]; }
inline const RtValue &RtElems::operator[](size_t k) const { return (*v_)[k]; }
inline RtElems::RtElems(std::initializer_list<RtValue> l)
    : v_(l.size() ? std::make_unique<std::vector<RtValue>>(l) : nullptr) {}
inline RtElems::RtElems(const RtElems &o)
    : v_(o.empty() ? nullptr : std::make_unique<std::vector<RtValue>>(*o.v_)) {}
inline RtElems &RtElems::operator=(const RtElems &o) {
  if (o.empty())
    v_.reset();
  else if (v_)
    *v_ = *o.v_; // keeps this list's storage
  else
    v_ = std::make_unique<std::vector<RtValue>>(*o.v_);
  return *this;
}
// (inline is needed: not the first declaration; the check takes it for redundant)
inline RtElems::~RtElems() = default; // NOLINT(readability-redundant-inline-specifier)
inline const RtValue &RtElems::at(size_t k) const {
  if (k >= size())
    throw std::out_of_range("aggregate element " + std::to_string(k));
  return (*v_)[k];
}
inline RtValue &RtElems::at(size_t k) { return const_cast<RtValue &>(std::as_const(*this).at(k)); }
inline std::vector<RtValue> &RtElems::list() {
  if (!v_)
    v_ = std::make_unique<std::vector<RtValue>>();
  return *v_;
}
inline void RtElems::resize(size_t n) { list().resize(n); }
inline void RtElems::push_back(RtValue v) { list().push_back(std::move(v)); }

/// Whether two runtime values are the same, element by element for aggregates and vectors.
inline bool sameValue(const RtValue &a, const RtValue &b) {
  if (a.bits != b.bits || a.elems.size() != b.elems.size())
    return false;
  for (size_t k = 0; k < a.elems.size(); ++k)
    if (!sameValue(a.elems[k], b.elems[k]))
      return false;
  return true;
}

/// A BulkShape resolved when the operation runs: the object's type and start address.
struct Piecing {
  llvm::Type *type = nullptr;
  uint64_t base = 0;
  uint32_t align = 0;
};
struct ProgramOptions {
  std::string entry = "main";
  /// A call to a function without a definition that scopemc does not model returns an
  /// arbitrary value of its type, one per call (sampled, as __VERIFIER_nondet_*), instead of
  /// being refused; the verdict is then bounded.
  bool undefinedAsNondet = false;
};

/// Instructions whose returned value the load-time analyses found to change nothing, so that
/// a reduction may treat them apart.
class ResultUses {
public:
  /// Whether the value read-modify-write `i` (an atomicrmw or a __scopemc_rmw call) returns
  /// is never used (analysis/Commuting.h); false for any other instruction.
  bool rmwResultUnused(const llvm::Instruction *i) const { return unusedRmw_.contains(i); }
  /// Whether the value a call `i` of pthread_barrier_wait returns may change what its thread
  /// does (analysis/SerialValue.h). Only direct calls are analysed: true for an indirect one.
  bool serialObserved(const llvm::Instruction *i) const { return !unobservedSerial_.contains(i); }

private:
  friend class Program; // (fills them in Program::analyse)
  llvm::DenseSet<const llvm::Instruction *> unusedRmw_;
  llvm::DenseSet<const llvm::Instruction *> unobservedSerial_; // direct calls proven so
};

class Program {
public:
  Program(std::unique_ptr<llvm::LLVMContext> ctx, std::unique_ptr<llvm::Module> mod,
          const ProgramOptions &opts);
  ~Program();

  const llvm::Module &module() const { return *mod_; }
  const llvm::DataLayout &dataLayout() const { return mod_->getDataLayout(); }
  const FunctionInfo &entry() const { return *entry_; }
  const FunctionInfo *functionAt(uint64_t address) const;
  const FunctionInfo &info(const llvm::Function *f) const;
  uint64_t addressOf(const llvm::GlobalValue *gv) const;
  /// The global variable holding address a, if any: its start and size.
  bool globalRange(uint64_t a, uint64_t &start, uint64_t &size) const;
  /// The widest access (1, 2, 4 or 8 bytes) at `a`, aligned to its size, that stays inside
  /// one scalar of the global holding `a` (by the global's type): how bulk operations
  /// (memset, memcpy, struct copies) split the memory, so that later element accesses have
  /// the same size. 0 when `a` is not in a global.
  Grain scalarGrain(uint64_t a) const;
  /// What operand `operand` of a bulk operation call points into (analysis/BulkShapes.h); empty
  /// when the IR says nothing of it.
  BulkShape bulkShape(const llvm::Instruction *call, unsigned operand) const;
  uint64_t initialValue(uint64_t a, uint32_t size) const;
  /// The value of a constant operand. Aggregates are evaluated when the program is loaded:
  /// evaluating them can create constants in the LLVMContext, which the interpreters of a
  /// parallel exploration share.
  RtValue constantValue(const llvm::Constant *c) const;
  /// A readable name for an address: the global and offset, heap(Tn)+k, stack(Tn)+k.
  std::string describeAddress(uint64_t a) const;
  const SourceLoc *sourceOf(const llvm::Instruction *i) const;
  /// Whether a is in a CUDA __constant__ variable (read-only for device code).
  bool isDeviceConstant(uint64_t a) const {
    for (auto &[from, to] : deviceConstants_)
      if (a >= from && a < to)
        return true;
    return false;
  }
  /// The template address of CUDA's dynamic shared memory block (CudaLink.h), or ~0.
  uint64_t dynamicSharedAddress() const { return dynamicShared_; }
  bool isPrivate(const llvm::AllocaInst *a) const { return privateAllocas_.contains(a); }
  /// What the load-time analyses found about the values some instructions return.
  const ResultUses &resultUses() const { return resultUses_; }
  /// Whether the program may run an SC fence (analysis/Commuting.h, mayFenceSc).
  bool mayFenceSc() const { return mayFenceSc_; }
  /// The scope a named syncscope of an atomic instruction stands for (docs/model.md section 1).
  /// Not for SyncScope::System, which means the thread's annotation scope. Only ids that
  /// passed validation are asked for.
  Scope syncScope(llvm::SyncScope::ID id) const { return syncScopes_[id].value_or(Scope::System); }
  /// The builtin a declared function stands for, if the interpreter implements it.
  std::optional<Builtin> builtinOf(const llvm::Function *f) const;
  /// Whether the program calls __VERIFIER_nondet_*: each call returns one value, fixed per
  /// thread and call (as GenMC does), so other values are not explored (the verdict is bounded).
  bool samplesNondet() const { return samplesNondet_; }
  /// Whether a function without a definition is called (ProgramOptions::undefinedAsNondet).
  bool callsUndefined() const { return callsUndefined_; }

private:
  /// The load-time analyses (analysis/): each function's slots and loops, private allocas,
  /// bulk shapes, unused RMW results, observed barrier results, SC fences.
  void analyse();
  void layoutGlobals();
  void precomputeShared();
  RtValue evaluate(const llvm::Constant *c) const;
  void writeConstant(const llvm::Constant *c, std::vector<uint8_t> &bytes, uint64_t offset);
  uint64_t imageOffset(uint64_t a) const; // where the initial bytes of a global address are

  std::unique_ptr<llvm::LLVMContext> ctx_;
  std::unique_ptr<llvm::Module> mod_;
  std::vector<std::unique_ptr<FunctionInfo>> functions_;
  llvm::DenseMap<const llvm::Function *, FunctionInfo *> byFunction_;
  llvm::DenseMap<const llvm::GlobalVariable *, uint64_t> globalAddr_;
  std::vector<std::pair<uint64_t, uint64_t>> globalRanges_; // sorted (start, size)
  std::vector<const llvm::GlobalVariable *> rangeGlobals_;  // the global of each range
  /// The initial bytes of each global whose initial value is not all zero, by the offset of
  /// its image (imageOffset: globals, then block-shared ones from sharedImageBase_, then
  /// thread-local ones from tlsImageBase_), sorted; every other byte starts zero. Sparse, so a
  /// huge zero-initialised array costs nothing.
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> initialised_;
  uint64_t sharedImageBase_ = 0;
  uint64_t tlsImageBase_ = 0;
  llvm::DenseSet<const llvm::AllocaInst *> privateAllocas_;
  llvm::DenseMap<const llvm::Function *, Builtin> builtins_;
  BulkShapes bulkShapes_;
  ResultUses resultUses_;
  bool mayFenceSc_ = true;
  bool samplesNondet_ = false;
  bool callsUndefined_ = false;
  std::vector<std::optional<Scope>> syncScopes_;               // by SyncScope::ID
  llvm::DenseMap<const llvm::Constant *, RtValue> aggregates_; // aggregate constant operands
  std::deque<SourceLoc> sourceStore_;
  llvm::DenseMap<const llvm::Instruction *, const SourceLoc *> sources_;
  const FunctionInfo *entry_ = nullptr;
  std::vector<std::pair<uint64_t, uint64_t>> deviceConstants_; // [from, to) of each
  uint64_t dynamicShared_ = ~uint64_t(0);
};

/// Whether a global has one instance per block (CUDA __shared__, OpenCL __local).
bool isBlockSharedGlobal(const llvm::GlobalVariable &g);

/// The scope a syncscope name that GPU targets emit stands for ("workgroup", "agent",
/// "singlethread", AMD's "-one-as" forms, ...), or nothing for a name scopemc does not know.
std::optional<Scope> scopeForSyncScopeName(llvm::StringRef name);

/// Evaluates a constant to the bits the interpreter uses for scalars (integers zero-extended
/// to 64 bits, floating point as its bit pattern, pointers as addresses).
uint64_t constantBits(const Program &p, const llvm::Constant *c);

} // namespace scopemc
