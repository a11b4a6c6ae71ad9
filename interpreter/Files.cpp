#include "interpreter/Files.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/InputError.h"

namespace scopemc {

namespace fs = std::filesystem;

std::shared_ptr<const std::string> FileSource::read(const std::string &path) {
  std::error_code ec;
  fs::path full = fs::weakly_canonical(fs::absolute(path, ec), ec);
  auto inside = [&](const fs::path &dir) {
    std::error_code e;
    fs::path d = fs::weakly_canonical(fs::absolute(dir, e), e);
    auto rel = full.lexically_relative(d);
    return !rel.empty() && *rel.begin() != "..";
  };
  bool allowed = inside(fs::current_path(ec));
  for (const std::string &d : opts_.readableDirs)
    allowed = allowed || inside(d);
  if (!allowed)
    throw InputError("the program reads '" + path +
                     "', outside the working directory and the --input folders (a run reads "
                     "only what it is given: add --input DIR)");
  if (auto it = cache_.find(full.string()); it != cache_.end())
    return it->second;
  std::shared_ptr<const std::string> data;
  if (std::ifstream in(full, std::ios::binary); in && fs::is_regular_file(full, ec)) {
    std::ostringstream ss;
    ss << in.rdbuf();
    data = std::make_shared<const std::string>(ss.str());
  }
  cache_[full.string()] = data;
  return data;
}

std::shared_ptr<const std::string> FileSource::standardInput() {
  if (stdin_)
    return stdin_;
  std::string text;
  if (!opts_.stdinFile.empty()) {
    std::ifstream in(opts_.stdinFile, std::ios::binary);
    if (!in)
      throw InputError("--stdin " + opts_.stdinFile + ": cannot open the file");
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  stdin_ = std::make_shared<const std::string>(std::move(text));
  return stdin_;
}

namespace {

std::string bytesOf(uint64_t v, unsigned size) {
  std::string s(size, '\0');
  std::memcpy(s.data(), &v, size);
  return s;
}

/// The bytes an integer conversion stores, by its length modifier.
unsigned intSize(std::string_view len) {
  if (len == "hh")
    return 1;
  if (len == "h")
    return 2;
  if (len.empty())
    return 4;
  return 8; // l ll j z t q
}

} // namespace

ScanResult scanFormat(std::string_view fmt, std::string_view in) {
  ScanResult r;
  size_t p = 0;
  unsigned arg = 0;
  auto skipSpace = [&] {
    while (p < in.size() && std::isspace(static_cast<unsigned char>(in[p])))
      ++p;
  };
  auto done = [&](bool inputFailure) {
    if (inputFailure && r.assigned == 0)
      r.assigned = -1;
    r.consumed = p;
    return r;
  };
  for (size_t k = 0; k < fmt.size(); ++k) {
    char c = fmt[k];
    if (std::isspace(static_cast<unsigned char>(c))) {
      skipSpace();
      continue;
    }
    if (c != '%' || (k + 1 < fmt.size() && fmt[k + 1] == '%')) {
      if (c == '%') {
        ++k;
        skipSpace();
      }
      if (p >= in.size())
        return done(true);
      if (in[p] != c)
        return done(false);
      ++p;
      continue;
    }
    ++k;
    bool suppress = k < fmt.size() && fmt[k] == '*';
    k += suppress;
    size_t width = 0;
    while (k < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[k])))
      width = width * 10 + static_cast<size_t>(fmt[k++] - '0');
    size_t lenStart = k;
    while (k < fmt.size() && std::strchr("hljztqL", fmt[k]))
      ++k;
    std::string_view len = fmt.substr(lenStart, k - lenStart);
    char conv = k < fmt.size() ? fmt[k] : '\0';
    if (!conv || !std::strchr("diuoxXfeEgGaAFscn", conv) ||
        (len == "L" && std::strchr("feEgGaAF", conv))) {
      r.unsupported = "%" + std::string(len) + (conv ? std::string(1, conv) : "");
      return done(false);
    }
    if (conv == 'n') {
      if (!suppress)
        r.stores.push_back({arg++, bytesOf(p, intSize(len))});
      continue;
    }
    if (conv != 'c')
      skipSpace();
    if (p >= in.size())
      return done(true);
    size_t limit = width ? std::min(in.size(), p + width) : in.size();
    std::string bytes;
    if (std::strchr("diuoxX", conv)) {
      int base = conv == 'o' ? 8 : (conv == 'x' || conv == 'X') ? 16 : conv == 'i' ? 0 : 10;
      std::string text(in.substr(p, limit - p));
      char *end = nullptr;
      errno = 0;
      uint64_t v = text[0] == '-' ? static_cast<uint64_t>(std::strtoll(text.c_str(), &end, base))
                                  : std::strtoull(text.c_str(), &end, base);
      if (end == text.c_str())
        return done(false);
      p += static_cast<size_t>(end - text.c_str());
      bytes = bytesOf(v, intSize(len));
    } else if (std::strchr("feEgGaAF", conv)) {
      std::string text(in.substr(p, limit - p));
      char *end = nullptr;
      double d = std::strtod(text.c_str(), &end);
      if (end == text.c_str())
        return done(false);
      p += static_cast<size_t>(end - text.c_str());
      if (len.empty()) { // read as a float in one rounding (through double would round twice)
        float fl = std::strtof(text.c_str(), nullptr);
        bytes.assign(reinterpret_cast<const char *>(&fl), sizeof fl);
      } else {
        bytes.assign(reinterpret_cast<const char *>(&d), sizeof d);
      }
    } else if (conv == 's') {
      size_t start = p;
      while (p < limit && !std::isspace(static_cast<unsigned char>(in[p])))
        ++p;
      bytes = std::string(in.substr(start, p - start)) + '\0';
    } else { // %c
      size_t n = width ? width : 1;
      if (p + n > in.size())
        return done(true);
      bytes = std::string(in.substr(p, n));
      p += n;
    }
    if (!suppress) {
      r.stores.push_back({arg++, std::move(bytes), conv == 's' || conv == 'c'});
      ++r.assigned;
    }
  }
  return done(false);
}

} // namespace scopemc
