// The witness of a report as a Graphviz graph (--dump-error-graph): clusters per device,
// block and thread; events labelled with mode and scope; po, rf, co and sw edges; the
// offending events highlighted. One of the command line's renderers (cli/Output.h).
//
// Contract: a function of the report alone (its resolved Witness, checks/Witness.h): it
// needs neither the program nor the graph, and reads no file. An edge is drawn only between
// events shown (an rf from the initial value to one INIT node).
#pragma once

#include <string>

#include "checks/Witness.h"

namespace scopemc {

/// The DOT text, from the report's resolved witness (Report::trace: must not be null; never
/// null for a session's reports); events of the tool's own headers left out unless `verbose`
/// (a reported one is always shown).
std::string reportToDot(const Report &r, bool verbose);

} // namespace scopemc
