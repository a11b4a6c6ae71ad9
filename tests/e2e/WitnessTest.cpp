// Witnesses a person can read: reports carry names from the source (variables, fields,
// elements, heap blocks by the variable holding them, demangled functions), the threads'
// places, why the events are an error, and the launch plumbing folded; every output renders
// from the report alone, after the program is gone. The expected names are those the test
// programs' source gives (tests/witness/*, examples/cuda/reduce_last_block.cu).
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/DotOutput.h"
#include "cli/HtmlOutput.h"
#include "cli/JsonOutput.h"
#include "cli/Sarif.h"
#include "cli/TextOutput.h"
#include "session/Session.h"

namespace scopemc {
namespace {

RunResult run(const std::string &file, bool keepGoing) {
  RunOptions o;
  o.file = file;
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.checks.stopOnFirst = !keepGoing;
  return verify(o);
}

std::string witnessDir() { return std::string(SCOPEMC_E2E_DIR) + "/../witness/"; }

std::string text(const Report &r, bool verbose) {
  std::ostringstream os;
  printReport(os, r, true, verbose);
  return os.str();
}

std::vector<std::string> eventTexts(const Witness &w) {
  std::vector<std::string> out;
  for (const WitnessThread &t : w.threads)
    for (const WitnessEvent &e : t.events)
      out.push_back(e.text);
  return out;
}

bool anyContains(const std::vector<std::string> &texts, const std::string &part) {
  return std::any_of(texts.begin(), texts.end(),
                     [&](const std::string &t) { return t.find(part) != std::string::npos; });
}

TEST(Witness, TheCudaReductionReadsAsTheSourceIsWritten) {
  RunResult res =
      run(std::string(SCOPEMC_E2E_DIR) + "/../../examples/cuda/reduce_last_block.cu", false);
  ASSERT_EQ(res.reports.size(), 1u);
  res.program.reset(); // everything below renders from the report alone
  const Report &r = res.reports[0];
  ASSERT_EQ(r.type, ErrorType::HeteroRace);
  ASSERT_TRUE(r.trace);
  ASSERT_EQ(r.events.size(), 2u);
  for (const ReportedEvent &e : r.events)
    EXPECT_EQ(e.location, "tickets");
  EXPECT_NE(r.events[0].pos.block, r.events[1].pos.block) << "the race is between two blocks";
  auto texts = eventTexts(*r.trace);
  EXPECT_TRUE(anyContains(texts, "reduce::sum[0] of block 0"));
  EXPECT_TRUE(anyContains(texts, "reduce::sum[1] of block 1"));
  // Device code names the memory through the kernel's parameter, host code by its variable.
  EXPECT_TRUE(anyContains(texts, "write partial[1] = 7"));
  EXPECT_TRUE(anyContains(texts, "read in[2] = 3"));
  EXPECT_FALSE(anyContains(texts, "_Z")) << "a mangled name is shown";
  // The launch is where the user wrote `reduce<<<BLOCKS, THREADS>>>(...)` (line 52), not the
  // kernel's declaration, where Clang puts its launch stub.
  const WitnessThread *host = r.trace->thread(0);
  ASSERT_NE(host, nullptr);
  auto launch = std::find_if(host->events.begin(), host->events.end(),
                             [](const WitnessEvent &e) { return e.text == "create T1"; });
  ASSERT_NE(launch, host->events.end());
  EXPECT_EQ(launch->source.line, 52u);
  // The launch thread runs only the CUDA header's code: folded.
  const WitnessThread *launcher = r.trace->thread(1);
  ASSERT_NE(launcher, nullptr);
  EXPECT_TRUE(launcher->plumbingOnly);
  EXPECT_NE(r.trace->why.find("includes only block 0"), std::string::npos) << r.trace->why;
  EXPECT_NE(r.trace->why.find("includes only block 1"), std::string::npos) << r.trace->why;

  std::string plain = text(r, false), verbose = text(r, true);
  EXPECT_EQ(plain.find("cuda_runtime.h"), std::string::npos) << plain;
  EXPECT_NE(verbose.find("cuda_runtime.h"), std::string::npos) << "--verbose shows the plumbing";
  EXPECT_NE(plain.find("rmw-write of tickets"), std::string::npos) << plain;
  EXPECT_NE(plain.find("T0:17..20  write d_in[0..3] (4 writes)"), std::string::npos)
      << "a bulk copy is one line";
  EXPECT_LT(plain.find("Why: "), plain.find("Trace")) << "the pair and why come first";
  EXPECT_EQ(std::regex_search(plain, std::regex("_Z[A-Z0-9]")), false) << plain;

  // Every other output too.
  std::string dot = reportToDot(r, false), html = reportToHtml(r, "reduce_last_block.cu", false);
  for (const std::string *out : {&dot, &html}) {
    EXPECT_NE(out->find("reduce::sum[1] of block 1"), std::string::npos);
    EXPECT_EQ(out->find("_ZZ"), std::string::npos);
  }
  EXPECT_NE(html.find("class=\"edge missing\""), std::string::npos);
  std::string json = resultToJson(res, "reduce_last_block.cu", 0);
  EXPECT_NE(json.find("\"memory\": \"tickets\""), std::string::npos);
  EXPECT_NE(json.find("\"lane\": 0"), std::string::npos);
  std::string sarif = sarifLog(res.reports, nullptr, SarifInvocation{}).dump();
  EXPECT_NE(sarif.find("rmw-write of tickets"), std::string::npos);
}

TEST(Witness, NamesFieldsElementsPointersHeapBlocksAndMethods) {
  RunResult res = run(witnessDir() + "names.cpp", true);
  ASSERT_EQ(res.reports.size(), 3u);
  std::set<std::string> memory;
  for (const Report &r : res.reports)
    memory.insert(r.events.at(0).location);
  EXPECT_EQ(memory, (std::set<std::string>{"published", "buffer[2]", "lab::counter.total"}));
  for (const Report &r : res.reports) {
    auto texts = eventTexts(*r.trace);
    EXPECT_TRUE(anyContains(texts, "write published = &slots[1]")) << "a pointer by its target";
    if (r.events[0].location == "lab::counter.total") {
      const SourceLoc *src = reportedSource(r, r.events[0]);
      ASSERT_NE(src, nullptr);
      EXPECT_EQ(src->function, "lab::Counter::bump") << "the method, demangled";
    }
  }
}

TEST(Witness, NamesLocalsOfMainAndOfAThreadsFunction) {
  RunResult res = run(witnessDir() + "locals.c", true);
  std::set<std::string> memory;
  for (const Report &r : res.reports)
    for (const ReportedEvent &e : r.events)
      memory.insert(e.location);
  EXPECT_EQ(memory,
            (std::set<std::string>{"main::counts[1]", "main::pair.b", "child::slot of T5"}));
}

TEST(Witness, AKernelRunAloneNamesItsBuffersByItsParameters) {
  RunOptions o;
  o.file = witnessDir() + "kernel_2x32.cu";
  o.frontend.includeDir = SCOPEMC_TEST_INCLUDE_DIR;
  o.kernel.name = "accumulate";
  ASSERT_TRUE(parseGrid("2:32", o.kernel));
  RunResult res = verify(o);
  ASSERT_EQ(res.reports.size(), 1u);
  for (const ReportedEvent &e : res.reports[0].events)
    EXPECT_EQ(e.location, "out[0]") << "the buffer --kernel made for parameter `out`";
}

TEST(Witness, AParameterTheKernelMovesDoesNotNameMemory) {
  RunResult res = run(witnessDir() + "shifted_param.cu", false);
  ASSERT_EQ(res.reports.size(), 1u);
  for (const ReportedEvent &e : res.reports[0].events)
    EXPECT_EQ(e.location, "d_out[2]") << "named by the allocation: `out` was moved";
}

TEST(Witness, AnAssertionSaysWhatItsThreadRead) {
  RunResult res = run(witnessDir() + "assert_three.c", false);
  ASSERT_EQ(res.reports.size(), 1u);
  const Report &r = res.reports[0];
  ASSERT_EQ(r.type, ErrorType::Assertion);
  EXPECT_NE(r.trace->why.find("flag2 = 1 from T2:"), std::string::npos) << r.trace->why;
  EXPECT_NE(r.trace->why.find("flag1 = 0 from INIT"), std::string::npos) << r.trace->why;
  // Every thread the failing one depends on is relevant (drawn, not collapsed).
  for (ThreadId t : {1, 2, 3})
    EXPECT_TRUE(r.trace->thread(t) && r.trace->thread(t)->relevant) << "T" << t;
}

TEST(Witness, BlocksAreCountedWithinTheirLaunch) {
  RunResult res = run(witnessDir() + "third_launch.cu", false);
  ASSERT_EQ(res.reports.size(), 1u);
  const Report &r = res.reports[0];
  ASSERT_EQ(r.type, ErrorType::Assertion);
  const ReportedEvent &e = r.events.at(0);
  EXPECT_EQ(e.place.launch, 2u);
  EXPECT_EQ(e.place.block, 0u);
  EXPECT_NE(text(r, false).find("(device 0, launch 2, block 0, thread 0; warp 0, lane 0)"),
            std::string::npos)
      << text(r, false);
  EXPECT_NE(r.trace->why.find("check::s of block 0 of launch 2 = 3"), std::string::npos)
      << r.trace->why;
  const WitnessThread *first = r.trace->thread(4); // add<<<2, 1>>>'s first block: launch 0
  ASSERT_TRUE(first);
  EXPECT_EQ(first->name, "T4 (device 0, block 0, thread 0; warp 0, lane 0)");
  RunResult again = res;
  std::string json = resultToJson(again, "third_launch.cu", 0);
  EXPECT_NE(json.find("\"launch\": 2"), std::string::npos);
}

TEST(Witness, FloatingPointValuesReadAsNumbers) {
  RunResult res = run(witnessDir() + "float_values.c", false);
  ASSERT_EQ(res.reports.size(), 1u);
  const Report &r = res.reports[0];
  ASSERT_EQ(r.type, ErrorType::Assertion);
  for (const char *read : {"f = 2.5 from T1:", "d = 0.1 from T1:", "i = -3 from T1:"})
    EXPECT_NE(r.trace->why.find(read), std::string::npos) << read << " in: " << r.trace->why;
  EXPECT_TRUE(anyContains(eventTexts(*r.trace), "write f = 2.5"));
  EXPECT_TRUE(anyContains(eventTexts(*r.trace), "write d = 0.1"));
}

TEST(Witness, ADivergenceSaysWhoArrivedAndWhereTheOthersEnded) {
  // Thread 1 (block 0, thread 1) returns at line 18 before the barrier of line 17.
  RunResult res = run(std::string(SCOPEMC_E2E_DIR) + "/programs/barrier_divergence.c", false);
  ASSERT_EQ(res.reports.size(), 1u);
  const std::string &why = res.reports[0].trace->why;
  EXPECT_NE(why.find("Arrived: T1."), std::string::npos) << why;
  EXPECT_NE(why.find("Did not arrive: T2 finished (line 18)."), std::string::npos) << why;
}

TEST(Witness, LargeWitnessesCollapseThreadsThatTakeNoPart) {
  RunResult res = run(witnessDir() + "kernel_2x32.cu", false);
  ASSERT_EQ(res.reports.size(), 1u);
  const Witness &w = *res.reports[0].trace;
  size_t relevant = 0, device = 0;
  for (const WitnessThread &t : w.threads) {
    relevant += t.relevant && !t.host;
    device += !t.host;
  }
  EXPECT_EQ(relevant, 2u) << "only the racing threads of the kernel matter";
  EXPECT_GT(device, 10u);
  std::string html = reportToHtml(res.reports[0], "kernel_2x32.cu", false);
  EXPECT_NE(html.find("class=\"collapsed-thread\""), std::string::npos);
}

} // namespace
} // namespace scopemc
