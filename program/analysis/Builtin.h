// The library functions the interpreter implements itself, as the load-time analyses see
// them: an identity per modelled function and its properties. Which declaration stands for
// which builtin is the program's table (program/BuiltinId.h, builtinNamed); the analyses are
// handed the program's answer as a BuiltinOf.
//
// Contract: program/analysis/Builtins.def is the one list of builtins, their names and these
// properties; everything here is a constant function of it, safe from every worker. A
// property left out of a row is a compile error, not a default, and so is a row its family's
// handler has no case for (the family enums below, switched over without a default).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

namespace scopemc {

/// Which part of the interpreter runs a builtin (interpreter/Calls.h).
enum class BuiltinFamily : uint8_t {
  Thread,   // threads, mutexes, pthread barriers, time, and the calls without effect
  Memory,   // allocation and the mem* functions
  Verifier, // assertions, exits, scope annotations, placement, the block barrier
  GenMc,    // GenMC's API and the arbitrary values of undefined functions
  Api,      // the kernel API of include/scopemc.h (interpreter/Kernel.cpp)
  Cuda,     // CUDA's runtime (interpreter/Cuda.cpp) and the warp/block collectives
  Math,     // the C math library (program/MathLib.h)
  Stream,   // <iostream> output: no effect, returns the stream (its first argument)
  File,     // C stdio and POSIX files (interpreter/Files.h)
  OpenCl,   // OpenCL C's built-in library (program/OpenClLib.h)
};

/// What a builtin accesses, as the static symmetry analysis sees it (program/AccessSites.cpp).
enum class BuiltinSites : uint8_t {
  None,       // touches no location of the program
  Spawn,      // (handle, attributes, routine, argument): writes the handle; the thread it
              // creates may access anything
  JoinResult, // (handle, result): writes the result, if asked for
  Read,       // (p, size, ...): reads size bytes at p
  Update,     // (p, size, ...): reads and writes size bytes at p
  Copy,       // (dest, source, size): writes dest, reads source
  Compare,    // (a, b, size): reads both
  Fill,       // (dest, byte, size): writes dest
  Allocate,   // fresh memory, no access
  Release,    // (pointer): ends the block's life, writes nothing
  Everything, // may access anything (copies a block, starts threads)
  Runtime,    // only the runtime's own state (CUDA's configurations, streams, events)
  Opaque,     // not known: the analysis gives up on a thread that calls it
};

/// Whether a builtin involves the caller's block, so that threads of different blocks are
/// not alike (program/Symmetry.cpp).
enum class BuiltinBlock : uint8_t {
  No,
  Yes,
  Scope,      // when its scope argument is the block's or computed
  UnlessGrid, // unless its scope argument says the whole grid (a grid barrier)
  ByName,     // by the OpenCL function's name (work-group and sub-group functions)
};

/// Whether a builtin's result names the calling thread or a lane (program/Symmetry.cpp).
enum class BuiltinIdentity : uint8_t {
  None,
  Thread, // the thread's id
  Query,  // a kernel query: the thread's position, or (uniform) the launch's sizes
  Lanes,  // a collective: depends on which lane holds which value for some operations
};

enum class Builtin : uint8_t {
#define SCOPEMC_BUILTIN(family, id, ...) id,
#include "program/analysis/Builtins.def"
};

/// A builtin's properties: its row of Builtins.def.
struct BuiltinTraits {
  BuiltinFamily family;
  uint8_t arity;
  BuiltinSites sites;
  bool fresh;
  int order; // argument index, -1: none
  int scope; // argument index, -1: none
  BuiltinBlock block;
  BuiltinIdentity identity;
};

inline constexpr BuiltinTraits kBuiltinTraits[] = {
#define SCOPEMC_BUILTIN(family, id, arity, sites, fresh, order, scope, block, identity, ...)       \
  {BuiltinFamily::family,    arity, BuiltinSites::sites, fresh, order, scope, BuiltinBlock::block, \
   BuiltinIdentity::identity},
#include "program/analysis/Builtins.def"
};

inline constexpr const BuiltinTraits &traitsOf(Builtin b) {
  return kBuiltinTraits[static_cast<size_t>(b)];
}

namespace detail {
/// Each family's rows are together in the table (so a family's enum counts from its first).
constexpr bool familiesContiguous() {
  for (size_t i = 1; i < std::size(kBuiltinTraits); ++i)
    if (kBuiltinTraits[i].family != kBuiltinTraits[i - 1].family)
      for (size_t j = 0; j + 1 < i; ++j)
        if (kBuiltinTraits[j].family == kBuiltinTraits[i].family)
          return false;
  return true;
}
/// The scope argument and the block column agree: Scope exactly when there is one.
constexpr bool scopesAgree() {
  for (const BuiltinTraits &t : kBuiltinTraits)
    if ((t.scope >= 0) != (t.block == BuiltinBlock::Scope) || t.scope >= t.arity ||
        t.order >= t.arity)
      return false;
  return true;
}
} // namespace detail
static_assert(detail::familiesContiguous(), "Builtins.def: keep each family's rows together");
static_assert(detail::scopesAgree(), "Builtins.def: a scope argument needs block Scope");

/// Each row's position among its family's rows, computed once at compile time.
inline constexpr auto kFamilyIndex = [] {
  std::array<uint8_t, std::size(kBuiltinTraits)> index{};
  for (size_t i = 1; i < index.size(); ++i)
    if (kBuiltinTraits[i].family == kBuiltinTraits[i - 1].family)
      index[i] = static_cast<uint8_t>(index[i - 1] + 1);
  return index;
}();

/// b's position among its family's builtins (its value in the family's enum).
constexpr uint8_t familyIndex(Builtin b) { return kFamilyIndex[static_cast<size_t>(b)]; }

// Each family's builtins as an enum of their own, in the table's order: the family's handler
// switches over it without a default (interpreter/Calls.h), so -Wswitch names a row it misses.
#define SCOPEMC_BUILTIN(...)
#define BUILTIN_THREAD(id, ...) id,
enum class ThreadBuiltin : uint8_t {
#include "program/analysis/Builtins.def"
};
#define SCOPEMC_BUILTIN(...)
#define BUILTIN_MEMORY(id, ...) id,
enum class MemoryBuiltin : uint8_t {
#include "program/analysis/Builtins.def"
};
#define SCOPEMC_BUILTIN(...)
#define BUILTIN_VERIFIER(id, ...) id,
enum class VerifierBuiltin : uint8_t {
#include "program/analysis/Builtins.def"
};
#define SCOPEMC_BUILTIN(...)
#define BUILTIN_GENMC(id, ...) id,
enum class GenMcBuiltin : uint8_t {
#include "program/analysis/Builtins.def"
};
#define SCOPEMC_BUILTIN(...)
#define BUILTIN_API(id, ...) id,
enum class ApiBuiltin : uint8_t {
#include "program/analysis/Builtins.def"
};
#define SCOPEMC_BUILTIN(...)
#define BUILTIN_CUDA(id, ...) id,
enum class CudaBuiltin : uint8_t {
#include "program/analysis/Builtins.def"
};

template <class E> struct FamilyOfEnum;
template <>
struct FamilyOfEnum<ThreadBuiltin> : std::integral_constant<BuiltinFamily, BuiltinFamily::Thread> {
};
template <>
struct FamilyOfEnum<MemoryBuiltin> : std::integral_constant<BuiltinFamily, BuiltinFamily::Memory> {
};
template <>
struct FamilyOfEnum<VerifierBuiltin>
    : std::integral_constant<BuiltinFamily, BuiltinFamily::Verifier> {};
template <>
struct FamilyOfEnum<GenMcBuiltin> : std::integral_constant<BuiltinFamily, BuiltinFamily::GenMc> {};
template <>
struct FamilyOfEnum<ApiBuiltin> : std::integral_constant<BuiltinFamily, BuiltinFamily::Api> {};
template <>
struct FamilyOfEnum<CudaBuiltin> : std::integral_constant<BuiltinFamily, BuiltinFamily::Cuda> {};

/// b as a member of its family's enum E (ThreadBuiltin, ...); b must be of that family.
template <class E> constexpr E asMember(Builtin b) {
  assert(traitsOf(b).family == FamilyOfEnum<E>::value);
  return static_cast<E>(familyIndex(b));
}

/// The function a call names, also when C called it through an unprototyped declaration
/// with other argument types (LLVM's getCalledFunction() is then null).
inline const llvm::Function *calledFunction(const llvm::CallBase &c) {
  return llvm::dyn_cast<llvm::Function>(c.getCalledOperand()->stripPointerCasts());
}

/// The kernel a CUDA kernel's host stub launches (CudaLink.h marks stubs with the attribute
/// "scopemc-kernel"), or f itself; null when the marked kernel is missing.
inline const llvm::Function *launchedKernel(const llvm::Function &f) {
  if (!f.hasFnAttribute("scopemc-kernel"))
    return &f;
  return f.getParent()->getFunction(f.getFnAttribute("scopemc-kernel").getValueAsString());
}

/// The builtin a function stands for (only declarations stand for one), if any.
using BuiltinOf = llvm::function_ref<std::optional<Builtin>(const llvm::Function &)>;

} // namespace scopemc
