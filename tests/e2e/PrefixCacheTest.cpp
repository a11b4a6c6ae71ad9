// The precompiled CUDA prefix (frontend/PrefixCache.h): a compile that loads it
// gives what a compile that parses the header gives, and it is not loaded where it could
// mean something else (a user macro the header names, a header changed since).
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "frontend/InputError.h"
#include "frontend/PrefixCache.h"
#include "session/Session.h"
#include "tests/oracle/TestSupport.h"

namespace scopemc {
namespace {

namespace fs = std::filesystem;

/// A cache folder of the test's own, empty.
std::string freshCache(const std::string &name) {
  std::string dir = ::testing::TempDir() + name;
  fs::remove_all(dir);
  return dir;
}

size_t pchFiles(const std::string &dir) {
  size_t n = 0;
  std::error_code ec;
  for (auto &e : fs::directory_iterator(dir, ec))
    n += e.path().extension() == ".pch";
  return n;
}

RunOptions kernel(const std::string &file, const std::string &pchDir,
                  std::vector<std::string> flags = {}) {
  RunOptions o;
  o.file = std::string(SCOPEMC_E2E_DIR) + "/kernels/" + file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.frontend.pchDir = pchDir;
  o.frontend.compilerArgs = std::move(flags);
  o.checks.stopOnFirst = false;
  o.setReductions(false);
  return o;
}

TEST(PrefixCache, KernelsGiveTheSameResultsBuildingAndLoadingIt) {
  // The active-mask compaction: 4 executions (tests/e2e/kernels/manifest.csv); its call
  // sites are told apart by the debug locations of the header's inlined code.
  std::string dir = freshCache("prefix-same");
  for (const char *flag : {"-DNOTHING", "-DSYNCWARP", "-DWRONG"}) {
    RunResult parsed = verify(kernel("cuda_active_mask.cu", "", {flag}));
    for (int run = 0; run < 2; ++run) { // the first builds the PCHs, the second loads them
      RunResult cached = verify(kernel("cuda_active_mask.cu", dir, {flag}));
      EXPECT_EQ(cached.verdict, parsed.verdict) << flag;
      EXPECT_EQ(cached.exploration.complete, parsed.exploration.complete) << flag;
      ASSERT_EQ(cached.reports.size(), parsed.reports.size()) << flag;
      for (size_t i = 0; i < parsed.reports.size(); ++i)
        EXPECT_EQ(cached.reports[i].type, parsed.reports[i].type) << flag;
    }
  }
  // (the user's -D options are not part of the key: one PCH for the host, one for the device)
  EXPECT_EQ(pchFiles(dir), 2u);
}

TEST(PrefixCache, AMacroTheHeaderNamesIsNotServedFromIt) {
  // Defining the runtime header's include guard leaves the kernel without threadIdx: the
  // compile fails, as it does without a PCH (whose header text was read without the macro).
  std::string dir = freshCache("prefix-macro");
  verify(kernel("cuda_active_mask.cu", dir)); // the cache now holds the prefix
  ASSERT_EQ(pchFiles(dir), 2u);
  for (const std::string &d : {std::string(), dir})
    EXPECT_THROW(verify(kernel("cuda_active_mask.cu", d, {"-DSCOPEMC_CUDA_RUNTIME_H"})), InputError)
        << (d.empty() ? "parsed" : "cached");
}

TEST(PrefixCache, AChangedHeaderIsParsedAgain) {
  // A copy of the tool's headers; the kernel compiles only once the runtime header defines
  // a macro, which is added after the cache was filled.
  std::string dir = freshCache("prefix-changed"), headers = freshCache("prefix-headers");
  fs::copy(SCOPEMC_TEST_INCLUDE_DIR, headers, fs::copy_options::recursive);
  test::ScratchFile source("prefix_changed.cu", "#ifndef SCOPEMC_TEST_MARK\n"
                                                "#error the header has no mark\n"
                                                "#endif\n"
                                                "__global__ void k() {}\n"
                                                "int main() { k<<<1, 1>>>(); return 0; }\n");
  RunOptions o;
  o.file = source.path();
  o.frontend.includeDir = headers;
  o.frontend.pchDir = dir;
  EXPECT_THROW(verify(o), InputError);
  EXPECT_EQ(pchFiles(dir), 1u); // (the host compile failed: the device's was not made)
  std::ofstream(headers + "/cuda/cuda_runtime.h", std::ios::app)
      << "\n#define SCOPEMC_TEST_MARK 1\n";
  EXPECT_EQ(verify(o).verdict, Verdict::Verified);
  EXPECT_EQ(pchFiles(dir), 3u); // (the changed header is another key)
  fs::remove_all(headers);
}

TEST(PrefixCache, TheUsersMacrosAreSplitOffTheCommandLine) {
  std::vector<std::string> macros;
  std::vector<std::string> rest =
      withoutMacros({"-DA", "-D", "B=2", "-std=c++17", "-UC", "-DF(x)=x", "-I", "inc"}, macros);
  EXPECT_EQ(rest, (std::vector<std::string>{"-std=c++17", "-I", "inc"}));
  EXPECT_EQ(macros, (std::vector<std::string>{"A", "B", "C", "F"}));
}

} // namespace
} // namespace scopemc
