// The barrier election's static half (program/analysis/SerialValue.h): which uses of
// pthread_barrier_wait's result change what the thread does. Each case's answer follows from
// the contract: run on with -1 and with 0, does the thread make the same events? (The
// differential fuzzer, tests/fuzz/reductions.py's barrier shape, compares whole programs with
// --no-reductions.)
#include <string>

#include <gtest/gtest.h>
#include <llvm/IR/InstIterator.h>

#include "program/Program.h"
#include "session/Session.h"
#include "tests/oracle/TestSupport.h"

namespace scopemc {
namespace {

struct Case {
  const char *name;
  const char *body; // after `int r = pthread_barrier_wait(&b);`, with long acc, int arr[4]
  bool observed;
};

const Case kCases[] = {
    {"unused", "", false},
    {"assert_either", "assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);", false},
    {"abort_on_other", "if (r != 0 && r != PTHREAD_BARRIER_SERIAL_THREAD) abort();", false},
    {"continue_or_exit",
     "if (r == PTHREAD_BARRIER_SERIAL_THREAD) acc += 0; else if (r != 0) exit(1);", false},
    {"difference_of_equals", "int z = (r == -1) - (r == -1); acc += z;", false},
    {"select_same", "int s = r == -1 ? 2 : 2; arr[s] = 1;", false},
    {"phi_same", "int v = 0; if (r == -1) v = 1; else v = 1; arr[v] = 2;", false},
    {"check_in_loop", "for (int i = 0; i < 3; i++) if (r != 0 && r != -1) abort();", false},
    {"switch_no_effect", "switch (r) { case -1: break; case 0: break; default: abort(); }", false},
    {"range_check", "if (r < -1 || r > 0) acc = 99;", false},
    {"printed_when_serial", "if (r == PTHREAD_BARRIER_SERIAL_THREAD) printf(\"serial\\n\");",
     false},
    {"printed", "printf(\"%d\\n\", r);", false},
    {"printed_then_counted", "printf(\"%d\\n\", r); if (r) atomic_fetch_add(&x, 1);", true},
    {"counted", "if (r == PTHREAD_BARRIER_SERIAL_THREAD) atomic_fetch_add(&x, 1);", true},
    {"added", "atomic_fetch_add(&x, r == PTHREAD_BARRIER_SERIAL_THREAD);", true},
    {"returned", "acc = r;", true},
    {"address", "arr[-r] = 1;", true},
    {"assert_nonnegative", "assert(r >= 0);", true},
    {"spins_when_serial", "while (r == -1) {}", true},
    {"switch_effect", "switch (r) { case -1: atomic_store(&x, 1); break; default: break; }", true},
    {"phi_differs", "int v = 0; if (r == -1) v = 1; arr[v] = 2;", true},
    {"loop_count", "for (int q = r; q < 0; q++) atomic_fetch_add(&x, 1);", true},
    {"low_bit", "int s = r & 1; atomic_fetch_add(&x, s);", true},
    {"carried_to_later_effect", "acc += r; if (acc < 0) atomic_fetch_add(&x, 1); acc = 0;", true},
    {"shift_amount", "arr[0] = 1 << (r + 1);", true},
};

std::string programFor(const Case &c) {
  return std::string("#include <pthread.h>\n#include <assert.h>\n#include <stdlib.h>\n"
                     "#include <stdatomic.h>\n#include <stdio.h>\n"
                     "pthread_barrier_t b; atomic_int x; int arr[4];\n"
                     "void *t(void *arg) {\n  long acc = 0;\n"
                     "  int r = pthread_barrier_wait(&b);\n  ") +
         c.body +
         "\n  return (void *)acc;\n}\n"
         "int main(void) {\n  pthread_t a, d;\n  pthread_barrier_init(&b, 0, 2);\n"
         "  pthread_create(&a, 0, t, 0);\n  pthread_create(&d, 0, t, 0);\n"
         "  pthread_join(a, 0);\n  pthread_join(d, 0);\n  return 0;\n}\n";
}

/// Whether the analysis takes the program's barrier wait to be observed.
bool observedIn(const Program &prog) {
  for (const llvm::Function &f : prog.module())
    for (const llvm::Instruction &i : llvm::instructions(f)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
      const llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
      if (callee && callee->isDeclaration() && prog.builtinOf(callee) == Builtin::BarrierWait)
        return prog.resultUses().serialObserved(&i);
    }
  ADD_FAILURE() << "no pthread_barrier_wait in the program";
  return false;
}

TEST(SerialValue, TellsUsesThatChangeTheThreadFromUsesThatDoNot) {
  for (const Case &c : kCases) {
    test::ScratchFile file(std::string("scopemc_serial_") + c.name + ".c", programFor(c));
    RunOptions lo;
    lo.file = file.path();
    lo.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
    std::shared_ptr<const Program> prog = loadProgram(lo);
    EXPECT_EQ(observedIn(*prog), c.observed) << c.name << ": " << c.body;
  }
}

} // namespace
} // namespace scopemc
