#include "frontend/CompileDb.h"

#include <filesystem>

#include <clang/Tooling/JSONCompilationDatabase.h>

#include "frontend/InputError.h"

namespace scopemc {

namespace fs = std::filesystem;

namespace {

std::string absoluteIn(const std::string &dir, const std::string &p) {
  return fs::path(p).is_absolute() ? p : (fs::path(dir) / p).lexically_normal().string();
}

std::string canonical(const std::string &p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(p, ec);
  return ec ? p : c.string();
}

/// Flags dropped without a note: code generation, warnings, dependency files.
bool quietlyDropped(const std::string &a) {
  for (const char *p : {"-O", "-g", "-W", "-M", "-pipe", "-fPIC", "-fpic", "-fPIE", "-fpie",
                        "-fdiagnostics", "-fcolor", "-w"})
    if (a.rfind(p, 0) == 0)
      return true;
  return false;
}

} // namespace

std::vector<std::string> keptFlags(const std::vector<std::string> &command, const std::string &dir,
                                   const std::string &file, std::vector<std::string> &dropped) {
  std::vector<std::string> out;
  // Flags whose value may follow as the next word (nvcc and gcc spell both ways).
  auto pathFlag = [](const std::string &a) {
    return a == "-I" || a == "-isystem" || a == "-iquote" || a == "-include" ||
           a == "--include-path";
  };
  for (size_t k = 1; k < command.size(); ++k) {
    const std::string &a = command[k];
    std::string next = k + 1 < command.size() ? command[k + 1] : "";
    if (a == "-c" || canonical(absoluteIn(dir, a)) == canonical(file))
      continue;
    if (a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-ccbin") {
      ++k;
      continue;
    }
    if (pathFlag(a) && !next.empty()) {
      out.push_back(a == "--include-path" ? "-I" : a);
      out.push_back(absoluteIn(dir, next));
      ++k;
    } else if (a.rfind("-I", 0) == 0) {
      out.push_back("-I" + absoluteIn(dir, a.substr(2)));
    } else if ((a == "-D" || a == "-U" || a == "--define-macro") && !next.empty()) {
      out.push_back((a == "-U" ? "-U" : "-D") + next);
      ++k;
    } else if (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0) {
      out.push_back(a);
    } else if (a.rfind("-std=", 0) == 0 || a.rfind("--std=", 0) == 0) {
      out.push_back(a.substr(a.find('-', 1) == 1 ? 1 : 0));
    } else if ((a == "-std" || a == "--std") && !next.empty()) {
      out.push_back("-std=" + next);
      ++k;
    } else if (!quietlyDropped(a)) {
      dropped.push_back(a);
    }
  }
  return out;
}

CompileDbUse useCompileDb(const std::string &where, const std::vector<std::string> &files,
                          FrontendOptions &opts) {
  std::error_code ec;
  std::string path =
      fs::is_directory(where, ec) ? (fs::path(where) / "compile_commands.json").string() : where;
  std::string why;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(
      path, why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db)
    throw InputError(path + ": cannot read the compilation database: " + why);
  CompileDbUse use;
  use.files = files;
  if (use.files.empty())
    for (const std::string &f : db->getAllFiles())
      use.files.push_back(f);
  if (use.files.empty())
    throw InputError(path + ": the compilation database lists no file");
  for (const std::string &f : use.files) {
    std::vector<clang::tooling::CompileCommand> cmds = db->getCompileCommands(canonical(f));
    if (cmds.empty()) {
      use.notes.push_back(f + " has no entry in " + path +
                          ": compiled with the command line's "
                          "flags only");
      continue;
    }
    const clang::tooling::CompileCommand &c = cmds.front();
    std::vector<std::string> dropped;
    opts.fileArgs[f] = keptFlags(c.CommandLine, c.Directory,
                                 canonical(absoluteIn(c.Directory, c.Filename)), dropped);
    if (!dropped.empty()) {
      std::string note = f + ": flags of " + path +
                         " that do not change what scopemc checks, "
                         "ignored:";
      for (const std::string &d : dropped)
        note += " " + d;
      use.notes.push_back(note);
    }
  }
  return use;
}

} // namespace scopemc
