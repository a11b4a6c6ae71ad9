// The witness of a report as a Graphviz graph (--dump-error-graph): clusters per device,
// block and thread; events labelled with mode and scope; po, rf, co and sw edges; the
// offending events highlighted.
#pragma once

#include <string>

#include "checks/Report.h"
#include "interpreter/Program.h"

namespace scopemc {

std::string reportToDot(const Report &r, const Program &p);

} // namespace scopemc
