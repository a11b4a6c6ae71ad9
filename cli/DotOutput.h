// The witness of a report as a Graphviz graph (--dump-error-graph): clusters per device,
// block and thread; events labelled with mode and scope; po, rf, co and sw edges; the
// offending events highlighted.
#pragma once

#include <string>

#include "checks/Witness.h"

namespace scopemc {

/// From the report's resolved witness (Report::trace, never null for a session's reports);
/// events of the tool's own headers left out unless `verbose`.
std::string reportToDot(const Report &r, bool verbose);

} // namespace scopemc
