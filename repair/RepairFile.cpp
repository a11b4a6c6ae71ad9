#include "repair/RepairFile.h"

namespace scopemc {

FileRepair repairFile(const RunOptions &opts, const RepairOptions &ropts) {
  FileRepair out;
  out.program = std::shared_ptr<const Program>(loadProgram(opts));
  out.search = repairProgram(out.program, opts, ropts);
  if (out.search.edits.empty()) {
    out.final = std::move(out.search.last);
    return out;
  }
  out.patch = patchSource(opts.file, opts.frontend, out.search.edits, out.search.annotated);
  RunOptions again = opts;
  again.frontend.remappedFiles = out.patch.repaired;
  out.final = verify(again);
  return out;
}

} // namespace scopemc
