// How each input style spells scopes and orders: the families of names a token is replaced
// within (an OpenCL scope by an OpenCL scope, a CUDA name by a CUDA name). Used by repair's
// text edits (SourceEdit.cpp, IrEdit.cpp); knows nothing of Clang.
//
// Contract: pure functions of their arguments over fixed tables. A rename stays in the token's
// own family (OpenCL's read-only aliases memory_scope_sub_group and memory_scope_all_devices
// rename as OpenCL's memory_scope_work_group... names); what a family cannot say is nullopt,
// never a name of another style. A number is taken as scopemc's encoding: 0-3 for a scope
// (Scope's order), C11's memory_order values 0, 2-5 for an order; the caller knows which a
// token is.
#pragma once

#include <optional>
#include <string>

#include "model/Event.h"
#include "model/Scope.h"

namespace scopemc {

/// The token `tok` (a scope name, a CUDA scoped function name such as atomicAdd_block, a
/// number) rewritten to say scope `to` in the same style; nullopt when the style has no such
/// scope (CUDA's functions and GPUMC's annotations have no thread scope, LLVM IR's syncscope
/// none for system) or tok is not one.
std::optional<std::string> renameScope(const std::string &tok, Scope to);
/// The same for orders (memory_order_*, scopemc_*, __ATOMIC_*, C++ memory_order::*, LLVM IR's
/// monotonic..., numbers); nullopt for `to` NotAtomic or tok not an order.
std::optional<std::string> renameOrder(const std::string &tok, MemOrder to);
/// The scope a token spells (in any style, a CUDA function's name too), if it spells one.
std::optional<Scope> scopeSpelled(const std::string &tok);
/// The order a token spells, if it spells one.
std::optional<MemOrder> orderSpelled(const std::string &tok);
/// An order as C11 names it without the prefix: relaxed, acquire, ..., or plain.
std::string orderWord(MemOrder o);
/// The GPUMC annotation call that sets scope `s` (__VERIFIER_memory_scope_*); nullopt for
/// the thread scope, which none sets.
std::optional<std::string> annotationName(Scope s);

} // namespace scopemc
