#include "model/Models.h"

#include "model/ScopedRC11.h"

namespace scopemc {

std::unique_ptr<ConsistencyChecker> makeConsistencyChecker(ModelKind kind, bool crossCheckPsc) {
  return std::make_unique<ScopedRC11Checker>(kind == ModelKind::ScopedRC11, crossCheckPsc);
}

} // namespace scopemc
