// What the generated-program suites share: scratch files, and how many programs a suite runs.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace scopemc::test {

/// Writes `text` to ::testing::TempDir() + `name` and removes the file when it goes out of
/// scope, so that a suite of generated programs leaves nothing behind. `name` must be unique
/// among tests that run at the same time (tests name their files after themselves).
class ScratchFile {
public:
  ScratchFile(const std::string &name, const std::string &text)
      : path_(::testing::TempDir() + name) {
    std::ofstream(path_) << text;
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  ScratchFile(const ScratchFile &) = delete;
  ScratchFile &operator=(const ScratchFile &) = delete;

  const std::string &path() const { return path_; }

private:
  std::string path_;
};

/// Whether this is the sanitized build (SCOPEMC_SANITIZED set by scripts/sanitize.sh).
inline bool sanitizedBuild() { return std::getenv("SCOPEMC_SANITIZED") != nullptr; }

/// How many generated programs a comparison runs: `full` in the main build, `sanitized` in the
/// sanitized build (SCOPEMC_SANITIZED set by scripts/sanitize.sh). That build looks for memory
/// errors, undefined behaviour and failed assertions, which a family's first programs already
/// exercise, at several times the cost per program; the main build compares them all.
inline int programsToCompare(int full, int sanitized) {
  return sanitizedBuild() ? sanitized : full;
}

/// Whether a suite that runs a fixed list of programs (manifest rows, benchmark variants) runs
/// its `index`-th one: every one in the main build, every `stride`-th in the sanitized build
/// (for the reason above).
inline bool runsInThisBuild(size_t index, size_t stride) {
  return !sanitizedBuild() || index % stride == 0;
}

} // namespace scopemc::test
