// Where an event comes from in the user's source, as labels and reports name it.
//
// Contract: labels and results hold `const SourceLoc *` they do not own (null: not known).
// Whoever made one keeps it alive, at a fixed address, for as long as they are used: the
// program one per instruction for its life (program/Program.h), the distributed backend
// those other ranks name. toString gives file:line:col with the file as the compiler names it
// ("<unknown>" for null or no file); path() is the one to open.
#pragma once

#include <string>

namespace scopemc {

/// A position in the user's source, owned by whoever produced the labels (the interpreter
/// keeps one per instruction for as long as the module lives).
struct SourceLoc {
  std::string file; // as the compiler names it (relative to `directory` unless absolute)
  unsigned line = 0;
  unsigned col = 0;
  std::string function;
  std::string directory; // the compilation directory
  /// The file's path that the tool's own process can open.
  std::string path() const {
    return file.empty() || file[0] == '/' || directory.empty() ? file : directory + "/" + file;
  }
};
std::string toString(const SourceLoc *loc);

} // namespace scopemc
