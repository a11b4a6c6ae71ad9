// The witness of a report as one self-contained HTML page (--html): no network and no
// script; the threads as columns of an inline SVG grouped by device, block and warp, events
// in program order with their source lines, reads-from, synchronisation and coherence edges,
// the reported events highlighted with the edge that is missing, the source lines beside.
// Threads that take no part in the error are collapsed into a list below the picture. One of
// the command line's renderers (cli/Output.h).
//
// Contract: a function of its arguments: the report's resolved Witness carries the source
// lines shown (checks/Witness.h), so no file is read and the program need not be loaded.
#pragma once

#include <string>
#include <vector>

#include "checks/Witness.h"

namespace scopemc {

/// A repair's edit of one source line, shown on the source beside the witness.
struct HtmlEdit {
  std::string file; // as the repair names it
  unsigned line = 0;
  std::string before, after, change, reason;
  std::string lineText; // the line as written, shown when the witness does not show it
};

/// The page, from the report's resolved witness (Report::trace: must not be null; never null
/// for a session's reports). `file`: the input, named in the title. `verbose`: show the tool's
/// own headers' events. `edits`: a repair's edits, shown on the source lines they change.
std::string reportToHtml(const Report &r, const std::string &file, bool verbose,
                         const std::vector<HtmlEdit> &edits = {});

} // namespace scopemc
