// The memory model as data (docs/scoped-rc11.cat) and the .cat evaluator the differential
// oracle reads it with (tests/oracle/Cat.h). The counts are the textbook outcomes of the
// classic shapes (docs/model.md §4): each axiom forbids one, and without that axiom the
// model allows it.
#include <gtest/gtest.h>

#include "tests/oracle/Cat.h"
#include "tests/oracle/Reference.h"

namespace scopemc::oracle {
namespace {

Op op(Op::Kind k, int loc, uint64_t value = 0, MemOrder o = MemOrder::Relaxed) {
  Op x{};
  x.kind = k;
  x.loc = loc;
  x.value = value;
  x.order = o;
  return x;
}

AbstractProgram program(std::vector<std::vector<Op>> threads) {
  AbstractProgram p;
  p.numLocs = 2;
  for (size_t t = 0; t < threads.size(); ++t) {
    AbstractThread th;
    th.pos = hostThreadPos(static_cast<ThreadId>(t + 1));
    th.ops = std::move(threads[t]);
    p.threads.push_back(std::move(th));
  }
  return p;
}

size_t count(const AbstractProgram &p, const CatModel &m) {
  return enumerateConsistent(p, 100000, &m).size();
}

TEST(Cat, TheSpecificationStatesTheFourAxiomsInOrder) {
  EXPECT_EQ(specifiedModel().checks(),
            (std::vector<std::string>{"no-thin-air", "atomicity", "coherence", "sc"}));
}

struct Shape {
  const char *axiom;
  AbstractProgram p;
  size_t allowed; // executions the full model allows (complete, distinct)
  size_t without; // executions the model allows without the axiom
};

TEST(Cat, EachAxiomForbidsItsShapeAndOnlyIt) {
  auto sc = MemOrder::SeqCst;
  std::vector<Shape> shapes = {
      // LB: r0 = x; y = 1 || r1 = y; x = 1. Both reading 1 is out of thin air.
      {"no-thin-air",
       program({{op(Op::Kind::Load, 0), op(Op::Kind::Store, 1, 1)},
                {op(Op::Kind::Load, 1), op(Op::Kind::Store, 0, 1)}}),
       3, 4},
      // Two fetch_adds of x: both reading 0 would lose an update (in either co order).
      {"atomicity", program({{op(Op::Kind::FetchAdd, 0, 1)}, {op(Op::Kind::FetchAdd, 0, 1)}}), 2,
       4},
      // CoRR: x = 1 || r0 = x; r1 = x. Reading 1 then 0 goes back in coherence.
      {"coherence",
       program({{op(Op::Kind::Store, 0, 1)}, {op(Op::Kind::Load, 0), op(Op::Kind::Load, 0)}}), 3,
       4},
      // SB, all SC: x = 1; r0 = y || y = 1; r1 = x. Both reading 0 has no SC order.
      {"sc",
       program({{op(Op::Kind::Store, 0, 1, sc), op(Op::Kind::Load, 1, 0, sc)},
                {op(Op::Kind::Store, 1, 1, sc), op(Op::Kind::Load, 0, 0, sc)}}),
       3, 4},
  };
  for (const Shape &s : shapes) {
    EXPECT_EQ(count(s.p, specifiedModel()), s.allowed) << s.axiom;
    EXPECT_EQ(count(s.p, specifiedModel().without(s.axiom)), s.without) << s.axiom;
    for (const std::string &other : specifiedModel().checks()) {
      if (other != s.axiom) {
        EXPECT_EQ(count(s.p, specifiedModel().without(other)), s.allowed)
            << s.axiom << " without " << other;
      }
    }
  }
}

TEST(Cat, ReleaseAcquireMessagePassingIsForbiddenOnlyAcrossScopes) {
  // MP: x = 1; y =rel 1 || r0 =acq y; r1 = x. Seeing the flag and not the data is forbidden,
  // unless the release and the acquire are in scopes that do not include each other.
  auto mp = [](Scope s, ThreadPos a, ThreadPos b) {
    Op st = op(Op::Kind::Store, 1, 1, MemOrder::Release), ld = op(Op::Kind::Load, 1);
    ld.order = MemOrder::Acquire;
    st.scope = ld.scope = s;
    AbstractProgram p = program({{op(Op::Kind::Store, 0, 1), st}, {ld, op(Op::Kind::Load, 0)}});
    p.scoped = true;
    p.threads[0].pos = a;
    p.threads[1].pos = b;
    return p;
  };
  ThreadPos b0{0, 0, 0}, b1{0, 1, 0};
  EXPECT_EQ(count(mp(Scope::Device, b0, b1), specifiedModel()), 3u);
  EXPECT_EQ(count(mp(Scope::Block, b0, b1), specifiedModel()), 4u);
}

TEST(Cat, ErrorsNameTheLine) {
  try {
    CatModel::parse("\"m\"\nlet a = po |\n\nacyclic a as x\n", "m.cat");
    FAIL() << "parsed";
  } catch (const CatError &e) {
    EXPECT_NE(std::string(e.what()).find("m.cat:4"), std::string::npos) << e.what();
  }
  try {
    CatModel::parse("(* open", "m.cat");
    FAIL() << "parsed";
  } catch (const CatError &e) {
    EXPECT_NE(std::string(e.what()).find("m.cat:1: a comment"), std::string::npos) << e.what();
  }
  CatModel unknown = CatModel::parse("acyclic po | hb as x\n", "m.cat");
  Rel po(2);
  try {
    unknown.allows({{"po", po}}, 2);
    FAIL() << "evaluated";
  } catch (const CatError &e) {
    EXPECT_NE(std::string(e.what()).find("unknown relation 'hb'"), std::string::npos) << e.what();
  }
}

TEST(Cat, OperatorsBindFromUnionToIntersection) {
  // a | b ; c parses as a | (b ; c); b ; c \ d as b ; (c \ d); c \ d & e as c \ (d & e).
  Rel a(3), b(3), c(3), d(3), e(3);
  a.add(0, 0);
  b.add(1, 2);
  c.add(2, 0);
  d.add(2, 0);
  auto has = [&](const std::string &expr, size_t x, size_t y) {
    Rel one(3);
    one.add(x, y);
    // `expr & one` is empty exactly when expr lacks (x, y)
    CatModel probe = CatModel::parse("let v = " + expr + "\nempty v & one as t\n", "t.cat");
    return !probe.allows({{"a", a}, {"b", b}, {"c", c}, {"d", d}, {"e", e}, {"one", one}}, 3);
  };
  EXPECT_TRUE(has("a | b ; c", 0, 0));
  EXPECT_TRUE(has("a | b ; c", 1, 0));
  EXPECT_FALSE(has("b ; c \\ d", 1, 0)); // c \ d is empty
  EXPECT_TRUE(has("c \\ d & e", 2, 0));  // d & e is empty
  EXPECT_TRUE(has("b^-1", 2, 1));
  EXPECT_TRUE(has("(b ; c)?", 2, 2));
  EXPECT_TRUE(has("(b | c)+", 1, 0));
  EXPECT_FALSE(has("(b | c)+", 1, 1));
}

} // namespace
} // namespace scopemc::oracle
