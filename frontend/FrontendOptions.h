// What a front end compiles a program with (frontend/Frontend.h): the compiler's flags, the
// program's files and the texts that stand for files.
//
// Contract: plain data, copied freely; nothing here reads the disk.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace scopemc {

struct FrontendOptions {
  std::vector<std::string> compilerArgs; // -D, -I, -std=... given after `--`
  /// The program's other source files, compiled each on its own (as a build does) and linked
  /// with the first: C, C++, CUDA (host and device code linked across files, as nvcc's
  /// separate compilation does) and IR. A symbol two of them define is a placed error.
  std::vector<std::string> otherSources;
  /// Flags for one file besides compilerArgs (a compilation database's entry for it, -p).
  std::map<std::string, std::vector<std::string>> fileArgs;
  std::string sourceText; // if set: the contents of the (virtual) input file, not read from disk
  /// Files read from these texts instead of the disk (path -> contents): a repaired source
  /// and the headers it edited.
  std::map<std::string, std::string> remappedFiles;
  std::string includeDir; // the tool's headers (scopemc.h, scopemc/cuda.h, scopemc/genmc.h, ...)
  /// Where precompiled copies of the header CUDA compiles force-include are kept
  /// (PrefixCache.h; the CLI's is defaultCacheDir()); empty: the header is parsed each time.
  std::string pchDir;
  /// Told the compiler's warnings (as Clang prints them) when the input compiled with some;
  /// unset: they are dropped.
  std::function<void(const std::string &)> showWarnings;
};

} // namespace scopemc
