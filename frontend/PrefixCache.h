// A cache of precompiled prefix headers: the header every compile of a language
// force-includes (CUDA's cuda_runtime.h, some 22,000 lines with what it includes), parsed
// once and kept as a Clang PCH. Parsing it was most of a small kernel's compile.
//
// Contract: a PCH is used only where it means what the header would: it is keyed by the whole
// command line except the user's macro definitions (-D, -U), by Clang's version and by the
// size and time of every file under the tool's header folder; a user macro whose name is an
// identifier the prefix's text contains (its include guards, its tests, its names) rules the
// PCH out. Clang checks the other files the PCH read when it loads one; a compile with a PCH
// that fails is compiled again without (Frontend.cpp). Files appear whole (written aside,
// then renamed), so runs may share a folder.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace scopemc {

struct PrefixRequest {
  std::string cacheDir;            // where the PCHs are kept (made if missing)
  std::vector<std::string> args;   // the command line that builds it (no user -D or -U option)
  std::vector<std::string> macros; // the names the user's -D and -U options define or undefine
  std::string includeDir;          // the tool's headers
};

/// Writes a PCH of the prefix to the path given and returns the identifiers its text
/// contains; nullopt when it cannot be built.
using PrefixBuilder =
    std::function<std::optional<std::vector<std::string>>(const std::string &pchPath)>;

/// The PCH a compile of `r` may load in place of its prefix, built with `build` if the cache
/// has none; nullopt when none may be used (no cache folder, a user macro is an identifier
/// of the prefix, the build failed).
std::optional<std::string> cachedPrefix(const PrefixRequest &r, const PrefixBuilder &build);

/// Splits `args` (options given after `--`) into the user's -D/-U options, whose names go
/// to `macros`, and the rest, returned.
std::vector<std::string> withoutMacros(const std::vector<std::string> &args,
                                       std::vector<std::string> &macros);

/// Where the CLI keeps its cache: $SCOPEMC_CACHE_DIR (empty: no cache), else
/// $XDG_CACHE_HOME/scopemc, else $HOME/.cache/scopemc; empty when none is known.
std::string defaultCacheDir();

} // namespace scopemc
