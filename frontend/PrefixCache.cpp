// Precompiled prefix headers, kept in a cache folder (PrefixCache.h).
#include "frontend/PrefixCache.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <clang/Basic/Version.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/xxhash.h>

namespace scopemc {

namespace fs = std::filesystem;

namespace {

/// What a PCH is built from, as one text: the command line, Clang's version, and the size
/// and time of every file under the tool's header folder (in path order).
std::string keyText(const PrefixRequest &r) {
  std::string key = clang::getClangFullVersion();
  for (const std::string &a : r.args)
    key += '\0' + a;
  std::error_code ec;
  std::vector<std::string> files;
  for (fs::recursive_directory_iterator it(r.includeDir, ec), end; !ec && it != end;
       it.increment(ec))
    if (it->is_regular_file(ec))
      files.push_back(it->path().string());
  std::sort(files.begin(), files.end());
  for (const std::string &f : files) {
    auto time = fs::last_write_time(f, ec).time_since_epoch().count();
    key += '\0' + f + '\0' + std::to_string(fs::file_size(f, ec)) + ':' + std::to_string(time);
  }
  return key;
}

/// The identifiers of a built prefix, one a line (the file written next to its PCH).
std::optional<std::set<std::string>> readIdentifiers(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return std::nullopt;
  std::set<std::string> ids;
  for (std::string line; std::getline(in, line);)
    ids.insert(line);
  return ids;
}

/// A name unique to this process and moment for a file written aside, then renamed.
std::string asideName(const std::string &path) {
  auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return path + ".tmp." + std::to_string(llvm::sys::Process::getProcessId()) + "." +
         std::to_string(now);
}

} // namespace

std::optional<std::string> cachedPrefix(const PrefixRequest &r, const PrefixBuilder &build) {
  if (r.cacheDir.empty())
    return std::nullopt;
  std::error_code ec;
  fs::create_directories(r.cacheDir, ec);
  if (ec)
    return std::nullopt;
  std::string key = keyText(r);
  std::string base = (fs::path(r.cacheDir) /
                      llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true, /*Width=*/16))
                         .string();
  std::string pch = base + ".pch", idsPath = base + ".ids";
  std::optional<std::set<std::string>> ids;
  if (fs::exists(pch, ec))
    ids = readIdentifiers(idsPath);
  if (!ids) { // (a PCH without its identifiers is not used: they are renamed in first)
    std::string pchAside = asideName(pch), idsAside = asideName(idsPath);
    std::optional<std::vector<std::string>> built = build(pchAside);
    if (!built) {
      fs::remove(pchAside, ec);
      return std::nullopt;
    }
    {
      std::ofstream out(idsAside);
      for (const std::string &id : *built)
        out << id << '\n';
      if (!out) {
        fs::remove(pchAside, ec);
        fs::remove(idsAside, ec);
        return std::nullopt;
      }
    }
    fs::rename(idsAside, idsPath, ec);
    if (!ec)
      fs::rename(pchAside, pch, ec);
    if (ec) {
      fs::remove(pchAside, ec);
      fs::remove(idsAside, ec);
      return std::nullopt;
    }
    ids.emplace(built->begin(), built->end());
  }
  for (const std::string &m : r.macros)
    if (ids->count(m))
      return std::nullopt; // the prefix's text names it: only a real include means the same
  return pch;
}

std::vector<std::string> withoutMacros(const std::vector<std::string> &args,
                                       std::vector<std::string> &macros) {
  std::vector<std::string> rest;
  for (size_t k = 0; k < args.size(); ++k) {
    const std::string &a = args[k];
    std::string def;
    if ((a == "-D" || a == "-U") && k + 1 < args.size())
      def = args[++k];
    else if (a.size() > 2 && (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0))
      def = a.substr(2);
    else {
      rest.push_back(a);
      continue;
    }
    macros.push_back(def.substr(0, std::min(def.find('='), def.find('('))));
  }
  return rest;
}

std::string defaultCacheDir() {
  if (const char *dir = std::getenv("SCOPEMC_CACHE_DIR"))
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return (fs::path(xdg) / "scopemc").string();
  if (const char *home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / ".cache" / "scopemc").string();
  return "";
}

} // namespace scopemc
