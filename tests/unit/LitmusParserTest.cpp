// The litmus parser on every construct of the format (header dialects, comments, initial
// states, placements, parameters, bodies, conditions, filter) and on its error messages.
#include <gtest/gtest.h>

#include "litmus/Litmus.h"
#include "litmus/Translate.h"

namespace scopemc::litmus {
namespace {
using LTest = scopemc::litmus::Test;

LTest p(const std::string &text) { return parse(text, "t.litmus"); }

/// The message of the error parsing `text` gives, or "" when it parses.
std::string errorOf(const std::string &text) {
  try {
    p(text);
  } catch (const LitmusError &e) {
    return e.what();
  }
  return "";
}

const char *kMp = R"(C MP
"a doc string"
(* a (* nested *) comment *)
{ [x] = 0; y = 1; int z = -2; 0:r9 = 0; }
// a line comment
P0 (atomic_int* x, volatile int* y) {
  atomic_store_explicit(x, 1, memory_order_release);
  *y = 2; // a comment in the body with a brace }
}
P1 (atomic_int *x, int *y) {
  int r0 = atomic_load_explicit(x, memory_order_acquire), r1 = 0;
  if (r0 == 1) { int inner = 3; r1 = *y + inner; } else { r1 = -1; }
  long r2;
  r2 = 5;
}
exists (1:r0=1 /\ ~(1:r1=2) \/ x=0 /\ [y]==1)
)";

TEST(LitmusParser, HeaderInitThreadsBodiesAndCondition) {
  LTest t = p(kMp);
  EXPECT_EQ(t.dialect, Dialect::C);
  EXPECT_EQ(t.name, "MP");
  ASSERT_EQ(t.locations.size(), 3u);
  EXPECT_EQ(t.location("x")->init, 0);
  EXPECT_EQ(t.location("x")->type, "atomic_int"); // from the parameters
  EXPECT_EQ(t.location("y")->init, 1);
  EXPECT_EQ(t.location("z")->init, -2);
  EXPECT_EQ(t.location("z")->type, "int");
  ASSERT_EQ(t.threads.size(), 2u);
  EXPECT_EQ(t.threads[0].params.size(), 2u);
  EXPECT_EQ(t.threads[0].registerInits, (std::vector<std::pair<std::string, int64_t>>{{"r9", 0}}));
  EXPECT_EQ(t.threads[0].params[1].type, "int"); // volatile dropped
  EXPECT_NE(t.threads[0].body.find("*y = 2;"), std::string::npos);
  EXPECT_EQ(t.threads[1].registers, (std::vector<std::string>{"r0", "r1", "r2"})); // not `inner`
  EXPECT_EQ(t.threads[1].bodyPos.line, 10);
  EXPECT_EQ(t.condition.quantifier, Quantifier::Exists);
  EXPECT_EQ(t.condition.text, "exists (1:r0=1 /\\ ~(1:r1=2) \\/ x=0 /\\ [y]==1)");
  // /\ binds tighter than \/, ~ tighter than /\.
  const Prop &c = t.condition.prop;
  ASSERT_EQ(c.kind, Prop::Kind::Or);
  EXPECT_EQ(c.args[0].kind, Prop::Kind::And);
  EXPECT_EQ(c.args[0].args[1].kind, Prop::Kind::Not);
  EXPECT_EQ(c.args[1].kind, Prop::Kind::And);
  EXPECT_EQ(c.args[1].args[1].kind, Prop::Kind::Mem);
  EXPECT_EQ(c.args[1].args[1].name, "y");
}

TEST(LitmusParser, ConditionsEvaluateOnStates) {
  LTest t =
      p("C t\n{ x=0; }\nP0 (atomic_int* x) { int r0 = 1; }\nexists (0:r0=1 /\\ ~x=1 \\/ false)\n");
  State s{{{"0:r0", 1}, {"x", 0}}, {}};
  EXPECT_TRUE(holds(t.condition.prop, s));
  s.values[1].second = 1;
  EXPECT_FALSE(holds(t.condition.prop, s));
  EXPECT_EQ(s.toString(), "0:r0=1; x=1;");
}

TEST(LitmusParser, QuantifiersAndFilter) {
  EXPECT_EQ(p("C t {x=0;} P0 (int* x) { int r0 = *x; } ~exists (0:r0=1)").condition.quantifier,
            Quantifier::NotExists);
  EXPECT_EQ(p("C t {x=0;} P0 (int* x) { int r0 = *x; } ~ exists (0:r0=1)").condition.quantifier,
            Quantifier::NotExists);
  LTest f = p("C t {x=0;} P0 (int* x) { int r0 = *x; } filter (x=0) forall (0:r0=0 \\/ true)");
  EXPECT_EQ(f.condition.quantifier, Quantifier::Forall);
  ASSERT_TRUE(f.filter.has_value());
  EXPECT_EQ(f.filter->kind, Prop::Kind::Mem);
  LTest l = p("C t {x=0;} P0 (int* x) { int r0 = *x; } locations [x; 0:r0;] exists (0:r0=0)");
  EXPECT_EQ(l.condition.prop.kind, Prop::Kind::Reg);
}

TEST(LitmusParser, GpuDialectsPlacementsAndQualifiers) {
  LTest o = p("OPENCL t\n{ x = 0; local y = 0; }\n"
              "P0@wg 1, dev 2 (global atomic_int* x, local int* y) { *y = 1; }\n"
              "P1 @ wg 0 , dev 0 (__global atomic_int* x) { int r0 = 0; }\nexists (1:r0=0)\n");
  EXPECT_EQ(o.dialect, Dialect::OpenCL);
  EXPECT_EQ(o.threads[0].group, 1u);
  EXPECT_EQ(o.threads[0].device, 2u);
  EXPECT_TRUE(o.threads[0].params[1].local);
  EXPECT_TRUE(o.location("y")->local);
  EXPECT_FALSE(o.location("x")->local);
  LTest x =
      p("PTX t\n{ x = 0; }\nP0@cta 3, gpu 1 (atomic_int* x) { int r0 = 0; }\nexists (0:r0=0)\n");
  EXPECT_EQ(x.dialect, Dialect::Ptx);
  EXPECT_EQ(x.threads[0].group, 3u);
  EXPECT_EQ(x.threads[0].device, 1u);
  EXPECT_EQ(p("CUDA t {x=0;} P0 (int* x) { int r0 = 0; } exists (0:r0=0)").dialect, Dialect::Ptx);
}

TEST(LitmusParser, TranslationPlacesThreadsAndKeepsBodyPositions) {
  LTest t = p("OPENCL t\n{ x = 0; }\nP0@wg 0, dev 0 (global atomic_int* x) { int r0 = 1; }\n"
              "P1@wg 0, dev 0 (global atomic_int* x) { int r0 = 2; }\n"
              "P2@wg 1, dev 0 (global atomic_int* x) { int r0 = 3; }\nexists (0:r0=1)\n");
  Translation tr = translate(t);
  EXPECT_NE(tr.source.find("__litmus_place(0, 0, 0, 2)"), std::string::npos);
  EXPECT_NE(tr.source.find("__litmus_place(0, 0, 1, 2)"), std::string::npos);
  EXPECT_NE(tr.source.find("__litmus_place(0, 1, 0, 1)"), std::string::npos);
  EXPECT_NE(tr.source.find("#line 3 \"t.litmus\""), std::string::npos);
  EXPECT_NE(tr.source.find("#define __LITMUS_DEFAULT_SCOPE memory_scope_device"),
            std::string::npos);
  // only the register the condition names, and the location's value and address
  ASSERT_EQ(tr.observed.size(), 3u);
  EXPECT_EQ(tr.observed[0].key, "0:r0");
  EXPECT_EQ(tr.observed[1].key, "x");
  EXPECT_EQ(tr.observed[2].key, "x");
  EXPECT_FALSE(tr.observed[1].address);
  EXPECT_TRUE(tr.observed[2].address);
}

struct BadCase {
  const char *text;
  const char *message; // expected what(): "t.litmus:LINE:COL: ..."
};

TEST(LitmusParser, ErrorsNameTheirPosition) {
  const BadCase cases[] = {
      {"X t\n", "t.litmus:1:1: a litmus test starts with its dialect (C, OPENCL, CUDA or PTX) and "
                "name, found 'X'"},
      {"C\n", "t.litmus:1:2: the test has no name after 'C'"},
      {"C t\nP0 (int* x) {}",
       "t.litmus:2:1: expected the initial state '{ ... }' before the threads"},
      {"C t\n{ x = ; }", "t.litmus:2:7: expected an integer initial value, found '; }'"},
      {"C t\n{ x = y; }", "t.litmus:2:7: only integer initial values are supported (found a name: "
                          "pointers are not supported)"},
      {"C t\n{ foo x = 0; }", "t.litmus:2:3: unknown type 'foo' in the initial state"},
      {"C t\n{ x = 0 y = 1; }\n",
       "t.litmus:2:9: expected ';' or '}' after an initial value, found 'y = 1; }'"},
      {"C t\n{ x = 0; }\nexists (x=0)",
       "t.litmus:3:1: expected a thread 'P0 (...) { ... }', found 'exists (x=0)'"},
      {"C t\n{}\nP0 (int x) { }\nexists (x=0)",
       "t.litmus:3:5: a thread parameter is a pointer to a location, e.g. 'atomic_int* x'"},
      {"C t\n{}\nP0@foo 1 (int* x) { }\nexists (x=0)",
       "t.litmus:3:4: unknown placement 'foo' (expected wg, dev, cta or gpu)"},
      {"C t\n{}\nP0 (int* x) {\n  *x = 1;\n", "t.litmus:3:14: the body of P0 has no closing '}'"},
      {"C t\n{}\nP1 (int* x) { }\nexists (x=0)",
       "t.litmus:4:1: threads must be numbered P0, P1, ... without gaps (P0 is missing)"},
      {"C t\n{}\nP0 (int* x) { }\nP0 (int* x) { }\n", "t.litmus:4:1: P0 is defined twice"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\n",
       "t.litmus:4:1: expected the final condition (exists, ~exists or forall), found the end of "
       "the file"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (0:r0=1",
       "t.litmus:4:15: expected ')' to close the parenthesis, found the end of the file"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (0:r0=1) junk",
       "t.litmus:4:17: unexpected text after the final condition, found 'junk'"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (0:r1=1)",
       "t.litmus:4:9: 'r1' is not a register of P0 (registers are the locals declared at the top "
       "of its body, and its pointer parameters)"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (3:r0=1)",
       "t.litmus:4:9: the condition names P3, which does not exist"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (z=1)",
       "t.litmus:4:9: the condition names 'z', which is not a location of the test"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (x 1)",
       "t.litmus:4:11: expected '=' in a condition term, found '1)'"},
      {"C t\n(* open\n{}\n", "t.litmus:2:1: unterminated comment"},
      {"OpenCL t\n{ local int x = 0; }\nP0 (local int* x) { *x = 1; }\nexists (x=1)",
       "t.litmus:4:9: the condition names 'x', which is work-group local memory: each work-group "
       "has its own copy, so a final condition cannot name it (copy it to a global location)"},
      {"C t\n{ int x[2]; }\nP0 (int* x) { x[1] = 1; }\nexists (x[2]=1)",
       "t.litmus:4:9: element 2 is beyond the 2 elements of 'x'"},
      {"C t\n{ int x[2]; }\nP0 (int* x) { x[1] = 1; }\nexists (x=1)",
       "t.litmus:4:9: 'x' is an array: name one element, as x[0]"},
      {"C t\n{ int x; }\nP0 (int* x) { *x = 1; }\nexists (x[0]=1)",
       "t.litmus:4:9: 'x' is not an array"},
      {"C t\n{ int x[2] = {1, 2, 3}; }\nP0 (int* x) { }\nexists (x[0]=1)",
       "t.litmus:2:21: more initial values than the 2 elements of 'x'"},
      {"C t\n{ int x[0]; }\nP0 (int* x) { }\nexists (x[0]=1)",
       "t.litmus:2:3: an array location has 1 to 4096 elements"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\nexists (0:r0=y)",
       "t.litmus:4:9: the condition compares with 'y', which is not a location of the test"},
      {"C t\n{}\nP0 (int* x) { int r0 = 1; }\n~ forall (x=1)",
       "t.litmus:4:3: expected 'exists' after '~' (the condition is exists, ~exists or forall), "
       "found 'forall (x=1)'"},
  };
  for (auto &c : cases)
    EXPECT_EQ(errorOf(c.text), c.message) << c.text;
}

TEST(LitmusParser, ArrayElementsAndAddressesInConditions) {
  LTest t = p("C t\n{ int x[3] = {4, 5}; }\nP0 (int* x) { int *r0 = x; }\n"
              "exists (x[0]=4 /\\ x[2]=0 /\\ 0:r0=x /\\ 0:x=x)\n");
  ASSERT_EQ(t.locations.size(), 1u);
  EXPECT_EQ(t.locations[0].count, 3u);
  EXPECT_EQ(t.locations[0].inits, (std::vector<int64_t>{4, 5}));
  State yes{{{"0:r0", 64}, {"0:x", 64}, {"x[0]", 4}, {"x[1]", 5}, {"x[2]", 0}}, {{"x", 64}}};
  State no{{{"0:r0", 72}, {"0:x", 64}, {"x[0]", 4}, {"x[1]", 5}, {"x[2]", 0}}, {{"x", 64}}};
  EXPECT_TRUE(holds(t.condition.prop, yes));
  EXPECT_FALSE(holds(t.condition.prop, no));
  EXPECT_EQ(yes.toString(), "0:r0=x; 0:x=x; x[0]=4; x[1]=5; x[2]=0;");
  std::string src = translate(t).source;
  EXPECT_NE(src.find("__litmus_loc_x[3] = {4, 5, 0}"), std::string::npos) << src;
}

TEST(LitmusParser, TranslationRefusesWhatItCannotExpress) {
  LTest t = p("C t\n{ 0:r0 = 1; }\nP0 (int* x) { int r0; }\nexists (0:r0=1)\n");
  EXPECT_THROW(translate(t), LitmusError);
  LTest u = p("C t\n{ bool x = 0; }\nP0 (atomic_foo* x) { int r0 = 0; }\nexists (0:r0=1)\n");
  EXPECT_THROW(translate(u), LitmusError);
}

} // namespace
} // namespace scopemc::litmus
