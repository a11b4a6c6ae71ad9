// The builtin table (program/analysis/Builtins.def) against what it describes: the kernel API
// as include/scopemc/api.h declares it (each function's argument count, and where its memory
// order and scope go, by the parameters' names), and the name lookup built from it.
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "program/BuiltinId.h"

namespace scopemc {
namespace {

struct Declared {
  std::vector<std::string> params; // the parameters' names, in order
};

/// The functions api.h declares with __SCOPEMC_EXTERN, with their parameters' names.
std::map<std::string, Declared> apiDeclarations() {
  std::ifstream in(std::string(SCOPEMC_TEST_INCLUDE_DIR) + "/scopemc/api.h");
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  std::map<std::string, Declared> out;
  std::regex decl(R"(__SCOPEMC_EXTERN[^;(]*\b(__scopemc_\w+)\s*\(([^)]*)\)\s*;)");
  for (std::sregex_iterator it(s.begin(), s.end(), decl), end; it != end; ++it) {
    Declared d;
    std::string params = (*it)[2];
    std::regex param(R"((\w+)\s*(,|$))");
    for (std::sregex_iterator p(params.begin(), params.end(), param); p != end; ++p)
      if ((*p)[1] != "void")
        d.params.push_back((*p)[1]);
    out[(*it)[1]] = d;
  }
  return out;
}

int positionOf(const Declared &d, std::initializer_list<const char *> names) {
  for (size_t k = 0; k < d.params.size(); ++k)
    for (const char *n : names)
      if (d.params[k] == n)
        return static_cast<int>(k);
  return -1;
}

TEST(BuiltinTable, TheKernelApiRowsMatchTheHeadersDeclarations) {
  auto declared = apiDeclarations();
  ASSERT_GE(declared.size(), 12u) << "api.h's declarations were not found";
  for (const auto &[name, d] : declared) {
    SCOPED_TRACE(name);
    std::optional<Builtin> b = builtinNamed(name);
    ASSERT_TRUE(b) << "api.h declares a function the table does not have";
    const BuiltinTraits &t = traitsOf(*b);
    EXPECT_EQ(t.arity, d.params.size());
    EXPECT_EQ(t.order, positionOf(d, {"order", "success"}));
    // (an access's or fence's memory scope; a barrier's scope argument says which threads
    // meet, the block column's business)
    EXPECT_EQ(t.scope, t.order >= 0 ? positionOf(d, {"scope"}) : -1);
  }
}

TEST(BuiltinTable, EveryNameStandsForOneBuiltinAndTheFirstIsItsOwn) {
  std::set<std::string> seen;
  for (llvm::StringRef n : builtinNames()) {
    EXPECT_TRUE(seen.insert(n.str()).second) << n.str() << " is in two rows";
    EXPECT_TRUE(builtinNamed(n)) << n.str();
  }
  for (size_t k = 0; k < std::size(kBuiltinTraits); ++k) {
    auto b = static_cast<Builtin>(k);
    if (*builtinName(b)) {
      EXPECT_EQ(builtinNamed(builtinName(b)), b) << builtinName(b);
    }
  }
}

TEST(BuiltinTable, FamilyEnumsNumberTheirRowsInTableOrder) {
  EXPECT_EQ(asMember<ThreadBuiltin>(Builtin::PthreadCreate), ThreadBuiltin::PthreadCreate);
  EXPECT_EQ(asMember<ThreadBuiltin>(Builtin::ClockGettime), ThreadBuiltin::ClockGettime);
  EXPECT_EQ(asMember<MemoryBuiltin>(Builtin::Memcmp), MemoryBuiltin::Memcmp);
  EXPECT_EQ(asMember<VerifierBuiltin>(Builtin::SyncThreads), VerifierBuiltin::SyncThreads);
  EXPECT_EQ(asMember<GenMcBuiltin>(Builtin::Unmodelled), GenMcBuiltin::Unmodelled);
  EXPECT_EQ(asMember<ApiBuiltin>(Builtin::ApiWait), ApiBuiltin::ApiWait);
  EXPECT_EQ(asMember<CudaBuiltin>(Builtin::CudaEventRecord), CudaBuiltin::CudaEventRecord);
}

} // namespace
} // namespace scopemc
