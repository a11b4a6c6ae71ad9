// How each input style spells scopes and orders: the families of names a token is replaced
// within (an OpenCL scope by an OpenCL scope, a CUDA name by a CUDA name).
#pragma once

#include <optional>
#include <string>

#include "model/Event.h"
#include "model/Scope.h"

namespace scopemc {

/// The token `tok` (a scope name, a CUDA scoped function name, a number) rewritten to say
/// scope `to` in the same style; nullopt when the style has no such scope or tok is not one.
std::optional<std::string> renameScope(const std::string &tok, Scope to);
/// The same for orders (memory_order_*, scopemc_*, __ATOMIC_*, C++ memory_order::*, numbers).
std::optional<std::string> renameOrder(const std::string &tok, MemOrder to);
/// The scope a token spells (in any style), if it spells one.
std::optional<Scope> scopeSpelled(const std::string &tok);
/// The order a token spells, if it spells one.
std::optional<MemOrder> orderSpelled(const std::string &tok);
/// An order as C11 names it without the prefix: relaxed, acquire, ..., or plain.
std::string orderWord(MemOrder o);
/// The GPUMC annotation call that sets scope `s`.
std::optional<std::string> annotationName(Scope s);

} // namespace scopemc
