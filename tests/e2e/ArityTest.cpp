// Every modelled function called through an unprototyped declaration (which C allows) with
// 0, 1 and 12 arguments: the program is either refused at load with the call's position, or
// it runs to a verdict. Never a crash, never an internal error. (This once crashed the tool
// on 23 of these probes: abort, memcpy, memset, memmove, calloc, aligned_alloc,
// pthread_create, pthread_equal, pthread_barrier_init, the __scopemc_* API...)
#include <set>

#include <gtest/gtest.h>

#include "frontend/Frontend.h"
#include "frontend/Libc.h"
#include "model/Errors.h"
#include "program/BuiltinId.h"
#include "session/Session.h"

namespace scopemc {
namespace {

std::string probe(const std::string &name, unsigned args) {
  std::string call = name + "(";
  for (unsigned k = 0; k < args; ++k)
    call += k ? ", 0" : "0";
  return "int " + name + "();\nint main(void) {\n  " + call + ");\n  return 0;\n}\n";
}

TEST(Arity, ModelledFunctionsWithAnyArgumentCountAreRefusedWithAPositionOrRun) {
  unsigned refused = 0, ran = 0;
  std::vector<llvm::StringRef> names = builtinNames();
  for (const std::string &name : libcFunctionNames()) // (run as code: include/scopemc/libc.c)
    names.push_back(name);
  for (llvm::StringRef name : names)
    for (unsigned args : {0u, 1u, 12u}) {
      SCOPED_TRACE(name.str() + " with " + std::to_string(args) + " arguments");
      RunOptions o;
      o.file = "probe.c";
      o.frontend.sourceText = probe(name.str(), args);
      o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
      o.exploration.timeoutSeconds = 5;
      o.interpreter.unroll = 8;
      try {
        RunResult r = verify(o);
        EXPECT_NE(r.verdict, Verdict::Timeout);
        ++ran;
      } catch (const InputError &e) {
        EXPECT_NE(std::string(e.what()).find("probe.c:3:"), std::string::npos) << e.what();
        ++refused;
      } catch (const UnsupportedProgram &e) {
        EXPECT_NE(std::string(e.what()).find("probe.c:3:"), std::string::npos) << e.what();
        ++refused;
      }
    }
  // Calls with too few arguments exist for most functions: some probes must be refused.
  EXPECT_GT(refused, 20u);
  EXPECT_GT(ran, 20u);
}

/// The functions `source` (under the tool's headers) defines for the programs it is linked into.
std::set<std::string> definedBy(const char *source) {
  llvm::LLVMContext ctx;
  FrontendOptions fo;
  fo.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  auto mod = loadModule(fo.includeDir + "/" + source, ctx, fo);
  std::set<std::string> defined;
  for (const llvm::Function &f : *mod)
    if (!f.isDeclaration() && !f.hasLocalLinkage() && !f.hasLinkOnceLinkage() &&
        !f.hasWeakLinkage())
      defined.insert(f.getName().str());
  return defined;
}

// The libraries the front end links (include/scopemc/libc.c, libcxx.cpp) define exactly the
// functions their lists name: a function added to one and not the other would either never be
// linked or be looked for in vain.
TEST(Libc, TheListNamesEveryFunctionTheLibraryDefines) {
  std::set<std::string> listed(libcFunctionNames().begin(), libcFunctionNames().end());
  EXPECT_EQ(definedBy(kLibcSource), listed);
  EXPECT_EQ(listed.size(), libcFunctionNames().size()); // no name twice
}

TEST(Libc, TheListNamesEveryFunctionTheCxxLibraryDefines) {
  std::set<std::string> listed(libcxxFunctionNames().begin(), libcxxFunctionNames().end());
  EXPECT_EQ(definedBy(kLibcxxSource), listed);
}

} // namespace
} // namespace scopemc
