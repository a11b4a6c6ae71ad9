// SARIF 2.1.0 output (--sarif FILE): each error a result with its locations; with a repair,
// each edit a fix (artifactChanges / replacements) on the result it repairs, so code-review
// tools can offer it.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "checks/Report.h"
#include "repair/SourceEdit.h"

namespace scopemc {

nlohmann::json sarifLog(const std::vector<Report> &errors, const SourcePatch *patch);

} // namespace scopemc
