// Fuzzing the litmus parser for a bounded time: mutated corpus tests must either parse or
// fail with a LitmusError naming a position inside the file, never crash or throw anything
// else. Mutations: byte flips, deletions, duplications and insertions of format tokens.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "litmus/Litmus.h"
#include "litmus/Translate.h"

namespace scopemc::litmus {
namespace {
using LTest = scopemc::litmus::Test;

std::vector<std::string> corpus() {
  std::vector<std::string> texts;
  for (auto &e : std::filesystem::recursive_directory_iterator(SCOPEMC_LITMUS_DIR))
    if (e.path().extension() == ".litmus") {
      std::ifstream in(e.path());
      std::stringstream ss;
      ss << in.rdbuf();
      texts.push_back(ss.str());
    }
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::string mutate(std::string s, std::mt19937_64 &rng) {
  static const char *kTokens[] = {
      "{",      "}",     "(",   ")",          "(*", "*)",     "//",
      "\n",     ";",     ",",   "@",          "P0", "P9",     ":",
      "=",      "==",    "/\\", "\\/",        "~",  "exists", "forall",
      "filter", "[",     "]",   "*",          "-",  "0x",     "99999999999999999999",
      "\"",     "local", "wg",  "atomic_int", "\0"};
  int edits = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < edits && !s.empty(); ++k) {
    size_t at = rng() % s.size();
    switch (rng() % 4) {
    case 0:
      s[at] = static_cast<char>(rng() % 128);
      break;
    case 1:
      s.erase(at, 1 + rng() % 8);
      break;
    case 2:
      s.insert(at, s.substr(rng() % s.size(), rng() % 16));
      break;
    default:
      s.insert(at, kTokens[rng() % std::size(kTokens)]);
      break;
    }
  }
  return s;
}

TEST(LitmusFuzz, MutatedTestsParseOrFailWithAPosition) {
  auto texts = corpus();
  ASSERT_GE(texts.size(), 80u);
  std::mt19937_64 rng(20261121);
  const std::regex position(R"(^f\.litmus:(\d+):(\d+): [\s\S]+)");
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  size_t runs = 0, errors = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    std::string text = mutate(texts[rng() % texts.size()], rng);
    ++runs;
    try {
      LTest t = parse(text, "f.litmus");
      translate(t); // may refuse, with a LitmusError too
    } catch (const LitmusError &e) {
      ++errors;
      std::smatch m;
      std::string what = e.what();
      ASSERT_TRUE(std::regex_match(what, m, position)) << what;
      long line = std::stol(m[1]);
      size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
      ASSERT_GE(line, 1);
      ASSERT_LE(static_cast<size_t>(line), lines) << what;
    } catch (const std::exception &e) {
      FAIL() << "unexpected exception " << e.what() << " for:\n" << text;
    }
  }
  EXPECT_GT(runs, 1000u);
  EXPECT_GT(errors, 0u);
}

} // namespace
} // namespace scopemc::litmus
