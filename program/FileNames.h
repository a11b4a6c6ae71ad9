// The C stdio and POSIX file functions a program may call, by name (the runtime that
// carries them out is interpreter/Files.h): the builtin tables classify a call by it once
// per program.
#pragma once

#include <cstdint>
#include <optional>

#include <llvm/ADT/StringRef.h>

namespace scopemc {

enum class FileOp : uint8_t {
  Fopen,
  Fclose,
  Fread,
  Fwrite,
  Fgetc,
  Getchar,
  Ungetc,
  Fgets,
  Fputs,
  Fputc,
  Feof,
  Ferror,
  Clearerr,
  Fseek,
  Ftell,
  Rewind,
  Fscanf,
  Scanf,
  Sscanf,
  Strtod,  // strtod, strtof, atof: the text a number's read from (no stream)
  Fprintf, // to a file: formatted and written; to stdout or stderr: nothing (as printf)
  Sprintf, // sprintf, snprintf: formatted into the buffer
  Fileno,
  Open,
  Read,
  Write,
  Close,
  Lseek,
};

/// The file function a declaration names (glibc's aliases included), if any.
std::optional<FileOp> fileFunctionNamed(llvm::StringRef name);

} // namespace scopemc
