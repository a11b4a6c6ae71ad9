#include "program/FileNames.h"

#include <map>
#include <string>

namespace scopemc {

std::optional<FileOp> fileFunctionNamed(llvm::StringRef name) {
  static const std::map<std::string, FileOp, std::less<>> kNames = {
      {"fopen", FileOp::Fopen},
      {"fopen64", FileOp::Fopen},
      {"fclose", FileOp::Fclose},
      {"fread", FileOp::Fread},
      {"fread_unlocked", FileOp::Fread},
      {"fwrite", FileOp::Fwrite},
      {"fwrite_unlocked", FileOp::Fwrite},
      {"fgetc", FileOp::Fgetc},
      {"getc", FileOp::Fgetc},
      {"_IO_getc", FileOp::Fgetc},
      {"getc_unlocked", FileOp::Fgetc},
      {"fgetc_unlocked", FileOp::Fgetc},
      {"getchar", FileOp::Getchar},
      {"getchar_unlocked", FileOp::Getchar},
      {"ungetc", FileOp::Ungetc},
      {"fgets", FileOp::Fgets},
      {"fgets_unlocked", FileOp::Fgets},
      {"fputs", FileOp::Fputs},
      {"fputs_unlocked", FileOp::Fputs},
      {"fputc", FileOp::Fputc},
      {"putc", FileOp::Fputc},
      {"fputc_unlocked", FileOp::Fputc},
      {"putc_unlocked", FileOp::Fputc},
      {"feof", FileOp::Feof},
      {"feof_unlocked", FileOp::Feof},
      {"ferror", FileOp::Ferror},
      {"clearerr", FileOp::Clearerr},
      {"fseek", FileOp::Fseek},
      {"fseeko", FileOp::Fseek},
      {"fseeko64", FileOp::Fseek},
      {"ftell", FileOp::Ftell},
      {"ftello", FileOp::Ftell},
      {"ftello64", FileOp::Ftell},
      {"rewind", FileOp::Rewind},
      {"fscanf", FileOp::Fscanf},
      {"__isoc99_fscanf", FileOp::Fscanf},
      {"__isoc23_fscanf", FileOp::Fscanf},
      {"scanf", FileOp::Scanf},
      {"__isoc99_scanf", FileOp::Scanf},
      {"__isoc23_scanf", FileOp::Scanf},
      {"strtod", FileOp::Strtod},
      {"strtof", FileOp::Strtod},
      {"atof", FileOp::Strtod},
      {"fprintf", FileOp::Fprintf},
      {"sprintf", FileOp::Sprintf},
      {"snprintf", FileOp::Sprintf},
      {"sscanf", FileOp::Sscanf},
      {"__isoc99_sscanf", FileOp::Sscanf},
      {"__isoc23_sscanf", FileOp::Sscanf},
      {"fileno", FileOp::Fileno},
      {"open", FileOp::Open},
      {"open64", FileOp::Open},
      {"read", FileOp::Read},
      {"write", FileOp::Write},
      {"close", FileOp::Close},
      {"lseek", FileOp::Lseek},
      {"lseek64", FileOp::Lseek}};
  if (auto it = kNames.find(name); it != kNames.end())
    return it->second;
  return std::nullopt;
}

} // namespace scopemc
