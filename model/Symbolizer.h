// Names for what a witness shows, given by whoever loaded the program (the interpreter's
// ProgramSymbolizer): the checks resolve a report's witness through this interface when the
// error is recorded, so that every output renders from the report alone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

/// A heap block live in the witness (an AllocLabel): where it starts, its size, the call that
/// made it, and its ordinal among the witness's allocations (1, 2, ...).
struct HeapBlock {
  Addr start = 0;
  uint64_t size = 0;
  const SourceLoc *site = nullptr;
  unsigned ordinal = 0;
};

/// What a witness knows of memory besides the program: its heap blocks (by start) and the
/// function each thread started in (ThreadEntry::function; 0: thread 0 or unknown).
struct WitnessMemory {
  std::vector<HeapBlock> heap;
  std::vector<uint64_t> entries;
  /// Each block of a launch: (device, ThreadPos::block) and its place in its launch.
  std::vector<std::pair<std::pair<uint32_t, uint32_t>, LaunchPlace>> blocks;
  /// The place of block `block` of `device` (counted across launches) in its launch.
  LaunchPlace blockPlace(uint32_t device, uint32_t block) const {
    for (const auto &[key, place] : blocks)
      if (key == std::pair(device, block))
        return place;
    return LaunchPlace{0, block};
  }
  /// The heap block holding a, or null.
  const HeapBlock *blockAt(Addr a) const {
    for (const HeapBlock &b : heap)
      if (a >= b.start && a - b.start < (b.size ? b.size : 1))
        return &b;
    return nullptr;
  }
};

/// Contract: every method is const and safe to call from several explorers at once; none
/// keeps a reference to its arguments.
class Symbolizer {
public:
  virtual ~Symbolizer() = default;
  /// The memory at `a` as the program's source names it: "reduce::sum[1] of block 1",
  /// "d_partial[1]", "tickets", "heap#2+8", "main::h_in[2]". Empty when `a` is in no object
  /// the witness knows (then it is not shown as a pointer).
  virtual std::string nameOf(Addr a, const WitnessMemory &mem) const = 0;
  /// The name an access's own code gives the memory, when it differs from nameOf's: a
  /// kernel's access through its parameter `partial` to d_partial[1] is "partial[1]". Empty
  /// when the code names it no other way (or it cannot be told for sure).
  virtual std::string accessName(const ExecutionGraph &g, const MemAccessLabel &l,
                                 const WitnessMemory &mem) const = 0;
  /// The value a read of `size` bytes at `a` sees when it reads the initial value.
  virtual uint64_t initialValue(Addr a, uint32_t size) const = 0;
  /// Whether the program's accesses at `src` are of a floating-point type (`float` when 4
  /// bytes, `double` when 8), so that their values are shown as numbers, not bit patterns.
  /// False when the accesses there are integers or pointers, or of more than one kind.
  virtual bool isFloatAccess(const SourceLoc *src) const = 0;
  /// Whether an event at `src` was made by the tool's own headers (a launch's plumbing, the
  /// runtime's copies), which witnesses fold into the call the user wrote.
  virtual bool isPlumbing(const SourceLoc *src) const = 0;
};

} // namespace scopemc
