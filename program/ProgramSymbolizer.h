// Names for witnesses from a loaded program (model/Symbolizer.h): globals and their elements
// by their debug information ("reduce::sum[1]", "cfg.count"), heap blocks by the variable
// the allocating call stored its pointer in ("d_partial[1]"), demangled functions, and which
// events the tool's own headers made.
//
// Contract: the Program must outlive the symbolizer (it keeps a reference and pointers into
// the module). The constructor walks the module once; every method after only reads, so one
// symbolizer serves every worker at once (model/Symbolizer.h). Names are best effort and never
// throw: "" where the memory cannot be named for sure (accessName) or is in no known object
// (nameOf); "heap#N+off" and "stack of Tn+off" for objects without a variable. Stack names
// hold for a thread's first frame only, laid out as Interpreter::exec places allocas that may
// be shared (layOutEntryFrames): the two must change together.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "model/Symbolizer.h"
#include "program/Program.h"

namespace llvm {
class DILocalVariable;
class GlobalVariable;
class DIType;
class Function;
class Instruction;
} // namespace llvm

namespace scopemc {

class ProgramSymbolizer final : public Symbolizer {
public:
  /// `includeDir`: the tool's headers (FrontendOptions::includeDir); events whose source is
  /// under it are plumbing. Everything is looked up here, once: the methods only read.
  ProgramSymbolizer(const Program &p, const std::string &includeDir);
  std::string nameOf(Addr a, const WitnessMemory &mem) const override;
  std::string accessName(const ExecutionGraph &g, const MemAccessLabel &l,
                         const WitnessMemory &mem) const override;
  uint64_t initialValue(Addr a, uint32_t size) const override { return p_.initialValue(a, size); }
  bool isPlumbing(const SourceLoc *src) const override { return src && plumbing_.count(src); }
  bool isFloatAccess(const SourceLoc *src) const override {
    auto it = accessKinds_.find(src);
    return it != accessKinds_.end() && it->second == kFloatOnly;
  }

  /// A name and the debug type of what it names (null: unknown).
  struct Named {
    std::string name;
    const llvm::DIType *type = nullptr;
    /// Non-zero: the object is an array of elements of this size (`type`, when known, is the
    /// element's type); zero: `type` is the whole object's.
    uint64_t elementSize = 0;
  };

private:
  std::string globalName(Addr a, const WitnessMemory &mem) const;
  std::string heapName(Addr a, const WitnessMemory &mem) const;
  void nameGlobals();
  void nameAllocationSites();
  void findPlumbing(const std::string &includeDir);
  /// The instruction at each source position, and the kinds of value it accesses.
  void indexSources();
  void nameParameters();
  /// The kernel parameter whose buffer the --kernel harness made g, if it is one.
  const llvm::DILocalVariable *harnessBuffer(const llvm::GlobalVariable &g) const;
  void layOutEntryFrames();
  std::string stackName(Addr a, const WitnessMemory &mem) const;
  /// The heap block or global holding a (its start; false: neither).
  bool objectStart(Addr a, const WitnessMemory &mem, Addr &start) const;

  const Program &p_;
  std::map<Addr, Named> globals_;                      // by start address
  std::unordered_map<const SourceLoc *, Named> sites_; // allocating calls: the pointee type
  std::unordered_set<const SourceLoc *> plumbing_;
  std::unordered_map<const SourceLoc *, const llvm::Instruction *> instructionAt_;
  /// Per source position, the kinds of value its memory instructions access: bit 0 floating
  /// point, bit 1 anything else.
  std::unordered_map<const SourceLoc *, uint8_t> accessKinds_;
  static constexpr uint8_t kFloatOnly = 1;
  /// Each function's parameters' debug variables, by argument number (null: unknown).
  std::unordered_map<const llvm::Function *, std::vector<const llvm::DILocalVariable *>> params_;
  /// A local variable of a thread's first frame, where the interpreter puts it on the thread's
  /// shared stack (offsets from the thread's stack base).
  struct StackSlot {
    uint64_t from = 0, to = 0;
    Named var;
  };
  /// Per function: the shared-stack slots its entry block allocates before anything else can
  /// (the first call or dynamic allocation ends it), as the thread's first frame.
  std::unordered_map<const llvm::Function *, std::vector<StackSlot>> entryFrames_;
};

} // namespace scopemc
