// CUDA programs written the way CUDA users write them (tests/cuda-as-written, a copy of
// ../shared/cuda-as-written): each runs unmodified and gives the verdict its first line states
// ("// Expected: <verdict> (...); with -DFLAG: <verdict>."), where a verdict is "No errors
// were detected" or "Error: <kind>!". When the shared folder exists, the copy must equal it.
#include <regex>

#include <gtest/gtest.h>

#include "session/Session.h"
#include "tests/e2e/Manifest.h"

namespace scopemc {
namespace {

struct Case {
  std::string file, flag; // flag: empty, or -DNAME
  bool verified = false;
  std::string error; // the error kind when not verified
};

void PrintTo(const Case &c, std::ostream *os) {
  *os << c.file << (c.flag.empty() ? "" : " ") << c.flag;
}

/// The cases of one program, from its "// Expected:" line.
std::vector<Case> casesOf(const std::string &file, const std::string &text) {
  std::smatch m;
  std::string first = text.substr(0, text.find('\n'));
  if (!std::regex_search(first, m, std::regex("^// Expected: (.*)$")))
    return {};
  std::vector<Case> out;
  std::string rest = m[1];
  std::regex clause(R"((?:with (-D\w+): )?(No errors were detected|Error: ([A-Za-z ]+)!))");
  for (auto it = std::sregex_iterator(rest.begin(), rest.end(), clause);
       it != std::sregex_iterator(); ++it)
    out.push_back(Case{file, (*it)[1], (*it)[3].length() == 0, (*it)[3]});
  return out;
}

std::vector<Case> allCases() {
  std::vector<Case> out;
  for (auto &[name, text] : testing::filesUnder(SCOPEMC_CUDA_AS_WRITTEN_DIR))
    for (Case &c : casesOf(name, text))
      out.push_back(c);
  return out;
}

class CudaAsWritten : public ::testing::TestWithParam<Case> {};

TEST_P(CudaAsWritten, GivesTheExpertsVerdict) {
  const Case &c = GetParam();
  RunOptions o;
  o.file = std::string(SCOPEMC_CUDA_AS_WRITTEN_DIR) + "/" + c.file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  if (!c.flag.empty())
    o.frontend.compilerArgs.push_back(c.flag);
  RunResult res = verify(o);
  if (c.verified) {
    EXPECT_EQ(res.verdict, Verdict::Verified);
    EXPECT_TRUE(res.reports.empty());
    return;
  }
  ASSERT_EQ(res.verdict, Verdict::ErrorFound);
  ASSERT_FALSE(res.reports.empty());
  EXPECT_EQ(std::string(errorTypeName(res.reports[0].type)), c.error);
}

INSTANTIATE_TEST_SUITE_P(Programs, CudaAsWritten, ::testing::ValuesIn(allCases()),
                         [](const auto &info) {
                           std::string n = info.param.file + info.param.flag;
                           return testing::testName(n);
                         });

TEST(CudaAsWrittenCorpus, EveryProgramStatesItsVerdict) {
  auto files = testing::filesUnder(SCOPEMC_CUDA_AS_WRITTEN_DIR);
  ASSERT_GE(files.size(), 3u);
  for (auto &[name, text] : files)
    EXPECT_FALSE(casesOf(name, text).empty()) << name << " has no \"// Expected:\" line";
}

TEST(CudaAsWrittenCorpus, TheCopyEqualsTheSharedFolder) {
  std::filesystem::path shared = std::filesystem::path(SCOPEMC_SHARED_DIR) / "cuda-as-written";
  if (!std::filesystem::is_directory(shared))
    GTEST_SKIP() << shared << " does not exist (a clone on its own): nothing to compare with";
  auto theirs = testing::filesUnder(shared),
       ours = testing::filesUnder(SCOPEMC_CUDA_AS_WRITTEN_DIR);
  for (auto &[name, text] : theirs) {
    auto it = ours.find(name);
    if (it == ours.end())
      ADD_FAILURE() << name << " is in " << shared << " but not in the copy";
    else
      EXPECT_TRUE(it->second == text) << name << " differs from " << shared << "/" << name;
  }
  for (auto &[name, text] : ours)
    EXPECT_TRUE(theirs.count(name)) << name << " is in the copy but not in " << shared;
}

} // namespace
} // namespace scopemc
