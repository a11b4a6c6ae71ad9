// The flags a build compiles each source file with, read from its compilation database
// (compile_commands.json, as Clang tools read it with -p): the preprocessor and language
// flags are kept, paths made absolute against the entry's directory; what only matters to
// code generation or to nvcc (-O2, -arch=sm_70, -rdc=true, ...) is dropped, each named in a
// note.
#pragma once

#include <string>
#include <vector>

#include "interpreter/frontend/Frontend.h"

namespace scopemc {

struct CompileDbUse {
  std::vector<std::string> files; // the sources to link: those given, else every entry's
  std::vector<std::string> notes; // flags dropped, files without an entry
};

/// Reads the database at `where` (a build directory holding compile_commands.json, or the
/// file itself) and fills opts.fileArgs for each of `files` (none given: every file the
/// database lists, in its order). Throws InputError when the database cannot be read or
/// lists no file.
CompileDbUse useCompileDb(const std::string &where, const std::vector<std::string> &files,
                          FrontendOptions &opts);

/// The flags of one command line (the compiler's name first) that scopemc keeps, paths made
/// absolute against `dir`; `dropped` gets the others (but for the file, -c and -o).
std::vector<std::string> keptFlags(const std::vector<std::string> &command, const std::string &dir,
                                   const std::string &file, std::vector<std::string> &dropped);

} // namespace scopemc
