// Changes to the order, scope or atomicity of accesses, per instruction: what repair verifies
// a candidate edit with. The interpreter applies them as it builds each access's label
// (InterpreterOptions::overrides); the symmetry analysis reads them because they make alike
// code unlike.
//
// Contract: plain data, shared read-only by every worker of a run.
#pragma once

#include <map>

#include "model/Scope.h"
#include "model/SourceLoc.h"

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

} // namespace scopemc
