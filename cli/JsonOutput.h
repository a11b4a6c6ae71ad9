// The versioned machine-readable result (--json FILE).
#pragma once

#include <string>

#include "session/Session.h"

namespace scopemc {

/// 2: a position gives its kernel launch ("launch", 0 for the first) and its block within it.
constexpr int kJsonSchemaVersion = 2;
std::string resultToJson(const RunResult &res, const std::string &file, long peakRssKb);

} // namespace scopemc
