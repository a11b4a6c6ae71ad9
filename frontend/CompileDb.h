// The flags a build compiles each source file with, read from its compilation database
// (compile_commands.json, as Clang tools read it with -p): the preprocessor and language
// flags are kept, paths made absolute against the entry's directory; what only matters to
// code generation or to nvcc (-O2, -arch=sm_70, -rdc=true, ...) is dropped, each named in a
// note but optimisation, debug, warning and dependency flags (-O, -g, -W, -M, -fPIC, ...).
//
// Contract: reads the database and the file system and changes only opts.fileArgs: one entry
// per file the database has a command for (its first). A file without one is a note, never an
// error. A database that cannot be read or lists no file throws InputError naming its path; a
// file-system failure while paths are made canonical escapes as std::filesystem's own error.
#pragma once

#include <string>
#include <vector>

#include "frontend/Frontend.h"

namespace scopemc {

struct CompileDbUse {
  std::vector<std::string> files; // the sources to link: those given, else every entry's
  std::vector<std::string> notes; // flags dropped, files without an entry
};

/// Reads the database at `where` (a build directory holding compile_commands.json, or the
/// file itself) and fills opts.fileArgs for each of `files` that has an entry (none given:
/// every file the database lists, once each, in the order Clang's reader gives, which is not
/// the file's). Throws InputError when the database cannot be read or lists no file.
CompileDbUse useCompileDb(const std::string &where, const std::vector<std::string> &files,
                          FrontendOptions &opts);

/// The flags of one command line (the compiler's name first) that scopemc keeps, paths made
/// absolute against `dir`; `dropped` gets the others (but for the file, -c and -o).
std::vector<std::string> keptFlags(const std::vector<std::string> &command, const std::string &dir,
                                   const std::string &file, std::vector<std::string> &dropped);

} // namespace scopemc
