// The versioned machine-readable result (--json FILE).
#pragma once

#include <string>

#include "session/Session.h"

namespace scopemc {

constexpr int kJsonSchemaVersion = 1;
std::string resultToJson(const RunResult &res, const std::string &file, long peakRssKb);

} // namespace scopemc
