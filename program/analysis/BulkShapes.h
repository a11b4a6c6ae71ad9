// How bulk operations (memset, memcpy, memmove, struct copies) are split into accesses
// (load time): at the granularity the memory is used with, so that later element accesses
// have the same size (mixed-size accesses are refused). Stack and heap memory follow what the
// IR says of the operand at the call: the allocated type of the stack object it points into,
// else the types the function indexes or accesses it with, else its alignment. (A global's
// pieces follow its type: Program::scalarGrain.)
//
// Contract: filled once when the program is loaded, then only read; an operand the IR says
// nothing of has no entry (the interpreter then splits by alignment).
#pragma once

#include <cstdint>
#include <map>
#include <utility>

#include "program/analysis/Builtin.h"

namespace llvm {
class DataLayout;
class Function;
class Instruction;
class Type;
class Value;
} // namespace llvm

namespace scopemc {

/// What a bulk operation's pointer operand points into, as the IR shows it at the call: the
/// object's type and the value holding the object's start (an alloca of the function, or the
/// operand itself), and the operand's alignment (0: unknown).
struct BulkShape {
  llvm::Type *type = nullptr;
  const llvm::Value *base = nullptr;
  uint32_t align = 0;
};
/// The shape of each (bulk operation call, pointer operand).
using BulkShapes = std::map<std::pair<const llvm::Instruction *, unsigned>, BulkShape>;

/// A piece of a bulk operation: its size (0: no type says) and whether it is padding between
/// fields (a struct copy skips it).
struct Grain {
  uint32_t size = 0;
  bool padding = false;
};
/// The widest access (1, 2, 4 or 8 bytes) at byte `off` of an object of type `ty` (an
/// array of them past its end), aligned to its size, inside one scalar of it.
Grain grainIn(const llvm::DataLayout &dl, llvm::Type *ty, uint64_t off);

/// Adds the shapes of the bulk operations `f` calls to `out`.
void findBulkShapes(const llvm::Function &f, BuiltinOf builtinOf, BulkShapes &out);

} // namespace scopemc
