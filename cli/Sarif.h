// SARIF 2.1.0 output (--sarif FILE): each error a result with its locations; with a repair,
// each edit a fix (artifactChanges / replacements) on the result it repairs, so code-review
// tools can offer it. One of the command line's renderers (cli/Output.h).
//
// Contract: a function of its arguments (the reports' resolved witnesses and source
// locations, valid while their program lives); one run, one rule per error kind present,
// one result per report in the order given. Every edit of the patch appears once, as a fix
// of the first result whose reported events include its access, else of the first result;
// with no result, the edits are left out.
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

/// The SARIF log of `errors` (codeFlows from each witness), `patch` (may be null) as fixes,
/// and `how` as the run's invocation.
nlohmann::json sarifLog(const std::vector<Report> &errors, const SourcePatch *patch,
                        const SarifInvocation &how = {});
/// A file path as a SARIF artifact URI: an absolute `file://` URI (a relative path taken from
/// the working directory), percent-encoded but for letters, digits and "/-._~".
std::string sarifUri(const std::string &path);

} // namespace scopemc
