// Repair on the programs of tests/e2e/repair (manifest.csv: the edits docs/model.md §7 asks for,
// written by hand) and on the shipped buggy examples: the edits, the fresh verification of the
// repaired text, a second repair that changes nothing, scopes never narrowed, and SARIF output
// with the fields SARIF 2.1.0 requires.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/Sarif.h"
#include "repair/RepairFile.h"
#include "repair/Spelling.h"
#include "tests/e2e/Manifest.h"

namespace scopemc {
namespace {

namespace fs = std::filesystem;

struct Case {
  std::string file, options, edits, verdict, sameAs;
};

std::vector<Case> readCases() {
  std::vector<Case> out;
  for (auto &c : testing::readManifest(std::string(SCOPEMC_E2E_DIR) + "/repair/manifest.csv")) {
    c.resize(5);
    out.push_back(Case{c[0], c[1], c[2], c[3], c[4]});
  }
  return out;
}

void PrintTo(const Case &c, std::ostream *os) { *os << c.file << " " << c.options; }

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string x; std::getline(ss, x, sep);)
    if (!x.empty())
      out.push_back(x);
  return out;
}

std::pair<RunOptions, RepairOptions> optionsOf(const Case &c) {
  RunOptions o;
  o.file = std::string(SCOPEMC_E2E_DIR) + "/repair/" + c.file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  RepairOptions r;
  auto words = split(c.options, ' ');
  for (size_t k = 0; k < words.size(); ++k) {
    if (words[k] == "--orders")
      r.orders = true;
    else if (words[k] == "--kernel")
      o.kernel.name = words[++k];
    else if (words[k] == "--grid")
      EXPECT_TRUE(parseGrid(words[++k], o.kernel));
    else
      o.frontend.compilerArgs.push_back(words[k]);
  }
  return {o, r};
}

std::string describe(const TextEdit &e) {
  std::string head = fs::path(e.file).filename().string() + ":" + std::to_string(e.line) + ":" +
                     std::to_string(e.col);
  if (e.before.empty()) {
    std::string t = e.after;
    t.erase(0, t.find_first_not_of(" \n,"));
    t.erase(t.find_last_not_of(" \n") + 1);
    return head + " +" + t;
  }
  return head + " " + e.before + "->" + e.after;
}

/// Line n of text without its // comment and trailing blanks (the code of the line).
std::string lineOf(const std::string &text, unsigned n) {
  std::istringstream in(text);
  std::string l;
  for (unsigned k = 1; std::getline(in, l); ++k)
    if (k == n) {
      l = l.substr(0, l.find("//"));
      l.erase(l.find_last_not_of(" \t") + 1);
      return l;
    }
  return "";
}

class Repair : public ::testing::TestWithParam<Case> {};

TEST_P(Repair, MakesTheEditsTheRulesAskForAndTheResultVerifies) {
  const Case &c = GetParam();
  auto [opts, ropts] = optionsOf(c);
  FileRepair fr = repairFile(opts, ropts);

  std::multiset<std::string> got, want;
  for (auto &e : fr.patch.edits)
    got.insert(describe(e));
  for (auto &e : split(c.edits, '|'))
    want.insert(e);
  EXPECT_EQ(got, want);
  EXPECT_EQ(fr.final.verdict, c.verdict == "verified" ? Verdict::Verified : Verdict::ErrorFound);

  // Never narrower, never weaker: each replaced scope or order token gets a wider/stronger one.
  for (auto &e : fr.patch.edits) {
    if (e.before.empty())
      continue;
    if (auto from = scopeSpelled(e.before)) {
      auto to = scopeSpelled(e.after);
      ASSERT_TRUE(to) << e.after;
      EXPECT_GT(*to, *from) << describe(e);
    } else if (auto from = orderSpelled(e.before)) {
      auto to = orderSpelled(e.after);
      ASSERT_TRUE(to) << e.after;
      EXPECT_TRUE((isAcquire(*to) || !isAcquire(*from)) && (isRelease(*to) || !isRelease(*from)) &&
                  *to != *from)
          << describe(e);
    }
  }

  // The fixed variant: the repaired line is the one the fixed version has.
  if (c.sameAs != "-") {
    auto colon = c.sameAs.find(':'), eq = c.sameAs.find('=');
    std::string name = c.sameAs.substr(0, colon);
    unsigned line = std::stoul(c.sameAs.substr(colon + 1, eq - colon - 1)),
             ref = std::stoul(c.sameAs.substr(eq + 1));
    bool found = false;
    for (auto &[path, text] : fr.patch.repaired)
      if (fs::path(path).filename() == name) {
        found = true;
        EXPECT_EQ(lineOf(text, line), lineOf(fr.patch.original[path], ref));
      }
    EXPECT_TRUE(found) << name << " was not changed";
  }

  // A second repair of the repaired text changes nothing.
  if (c.verdict == "verified" && !fr.patch.repaired.empty()) {
    RunOptions again = opts;
    again.frontend.remappedFiles = fr.patch.repaired;
    FileRepair second = repairFile(again, ropts);
    EXPECT_TRUE(second.search.edits.empty());
    EXPECT_TRUE(second.patch.edits.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, Repair, ::testing::ValuesIn(readCases()));

TEST(RepairSarif, HasTheRequiredFieldsAndAFixPerEdit) {
  Case c{"gpumc_mp.c", "", "", "verified", "-"};
  auto [opts, ropts] = optionsOf(c);
  FileRepair fr = repairFile(opts, ropts);
  ASSERT_FALSE(fr.search.rounds.empty());
  nlohmann::json log = sarifLog(fr.search.rounds.front().errors, &fr.patch);
  // SARIF 2.1.0: version, runs[].tool.driver.name, results[].message.text; fixes carry
  // artifactChanges with an artifactLocation and replacements with a deletedRegion.
  EXPECT_EQ(log["version"], "2.1.0");
  ASSERT_EQ(log["runs"].size(), 1u);
  auto &run = log["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "scopemc");
  ASSERT_FALSE(run["results"].empty());
  size_t fixes = 0;
  for (auto &r : run["results"]) {
    EXPECT_TRUE(r["message"]["text"].is_string());
    EXPECT_TRUE(r["ruleId"].is_string());
    for (auto &l : r["locations"])
      EXPECT_GE(l["physicalLocation"]["region"]["startLine"].get<int>(), 1);
    if (!r.contains("fixes"))
      continue;
    for (auto &f : r["fixes"]) {
      ++fixes;
      auto &change = f["artifactChanges"][0];
      EXPECT_TRUE(change["artifactLocation"]["uri"].is_string());
      auto &rep = change["replacements"][0];
      EXPECT_GE(rep["deletedRegion"]["startLine"].get<int>(), 1);
      EXPECT_TRUE(rep["insertedContent"]["text"].is_string());
    }
  }
  EXPECT_EQ(fixes, fr.patch.edits.size());
}

} // namespace
} // namespace scopemc
