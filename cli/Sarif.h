// SARIF 2.1.0 output (--sarif FILE): each error a result with its locations; with a repair,
// each edit a fix (artifactChanges / replacements) on the result it repairs, so code-review
// tools can offer it.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks/Report.h"
#include "repair/SourceEdit.h"

namespace scopemc {

/// How the run went, for the log's `invocations`: a run stopped by a limit or a refused input
/// is not a successful execution, and says why in a notification (with its place, if any).
struct SarifInvocation {
  bool successful = true;
  std::string notification;
  std::string file; // where the notification points (empty: nowhere)
  unsigned line = 0, col = 0;
};

nlohmann::json sarifLog(const std::vector<Report> &errors, const SourcePatch *patch,
                        const SarifInvocation &how = {});
/// A file path as a SARIF artifact URI: an absolute `file://` URI, percent-encoded.
std::string sarifUri(const std::string &path);

} // namespace scopemc
