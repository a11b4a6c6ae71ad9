// Files a host program reads and writes (C stdio and POSIX): reads come from the real files
// the program names, writes stay in the run (docs/interface.md, "Files"). No file operation
// is an event of the memory model: what the program reads reaches its memory as the stores
// of the call (fread's buffer, fscanf's variables), what it writes is read from its memory.
//
// Contract: file contents are read once per interpreter and never change (FileSource); the
// state of each open stream is its thread's (ThreadState::files), so it is copied, restored
// and replayed with the thread. A stream belongs to the thread that opened it (standard input
// to main's thread): another thread's use of it is refused by name, as is a path outside the
// working directory and the --input folders.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <llvm/ADT/StringRef.h>

#include "interpreter/InterpreterOptions.h"
#include "program/FileNames.h"

namespace scopemc {

/// The contents of the files the program may read, each read from the disk once.
class FileSource {
public:
  explicit FileSource(FileOptions opts) : opts_(std::move(opts)) {}
  /// The contents of `path` (relative to the working directory); null when there is no such
  /// file. Throws InputError (without a position) for a path outside the readable folders.
  std::shared_ptr<const std::string> read(const std::string &path);
  /// Standard input (--stdin), empty without one.
  std::shared_ptr<const std::string> standardInput();

private:
  FileOptions opts_;
  std::map<std::string, std::shared_ptr<const std::string>> cache_;
  std::shared_ptr<const std::string> stdin_;
};

/// One conversion of a scanf format that assigns: the bytes to store through argument
/// `arg` (the k-th after the format).
struct ScanStore {
  unsigned arg = 0;
  std::string bytes;
  bool text = false; // %s or %c: characters
};
struct ScanResult {
  std::vector<ScanStore> stores;
  size_t consumed = 0;     // input characters used
  int assigned = 0;        // the call's result (EOF: -1, when input ended before any conversion)
  std::string unsupported; // a conversion scopemc does not read (refused by name)
};
/// Runs a scanf format over `in`. Supported: %d %i %u %o %x %X %c %s %f %e %g %a (and the
/// upper-case ones), with * and width, the lengths hh h l ll j z t L, %% and %n.
ScanResult scanFormat(std::string_view format, std::string_view in);

} // namespace scopemc
