#include "tests/oracle/Cat.h"

#include <cctype>
#include <fstream>
#include <sstream>

namespace scopemc::oracle {

struct CatModel::Node {
  enum class Op : uint8_t { Name, Id, Empty, Union, Seq, Diff, Inter, Inverse, Plus, Star, Opt };
  Op op = Op::Name;
  std::string name; // Op::Name
  int slot = -1;    // Op::Name bound by a let: the let's slot; -1: a base relation
  int line = 0;
  std::shared_ptr<const Node> a, b;
};

struct CatModel::Statement {
  enum class Kind : uint8_t { Let, Acyclic, Irreflexive, Empty } kind;
  std::string name; // the bound name, or the check's
  int slot = -1;    // a let: where its value is kept while the model is evaluated
  std::shared_ptr<const Node> expr;
};

namespace {

using Node = CatModel::Node;
using NodeP = std::shared_ptr<const Node>;

struct Token {
  std::string text; // a name, a keyword or an operator; "" at the end
  int line;
};

std::vector<Token> tokenize(const std::string &text, const std::string &source) {
  std::vector<Token> out;
  int line = 1;
  size_t i = 0;
  auto fail = [&](const std::string &what) {
    throw CatError(source + ":" + std::to_string(line) + ": " + what);
  };
  while (i < text.size()) {
    char c = text[i];
    if (c == '\n')
      ++line;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (text.compare(i, 2, "(*") == 0) {
      size_t end = text.find("*)", i + 2);
      if (end == std::string::npos)
        fail("a comment (* is not closed");
      for (size_t k = i; k < end; ++k)
        line += text[k] == '\n';
      i = end + 2;
      continue;
    }
    if (c == '"') {
      size_t end = text.find('"', i + 1);
      if (end == std::string::npos)
        fail("a string is not closed");
      out.push_back({text.substr(i, end + 1 - i), line});
      i = end + 1;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i + 1;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) ||
                                 text[j] == '_' || text[j] == '-' || text[j] == '.'))
        ++j;
      out.push_back({text.substr(i, j - i), line});
      i = j;
      continue;
    }
    if (text.compare(i, 3, "^-1") == 0) {
      out.push_back({"^-1", line});
      i += 3;
      continue;
    }
    if (std::string("|;\\&+*?()[]=0").find(c) != std::string::npos) {
      out.push_back({std::string(1, c), line});
      ++i;
      continue;
    }
    fail(std::string("unexpected character '") + c + "'");
  }
  out.push_back({"", line});
  return out;
}

class Parser {
public:
  Parser(std::vector<Token> toks, std::string source)
      : toks_(std::move(toks)), source_(std::move(source)) {}

  std::vector<std::shared_ptr<const CatModel::Statement>> statements() {
    std::vector<std::shared_ptr<const CatModel::Statement>> out;
    if (!peek().empty() && peek()[0] == '"')
      ++at_; // the model's title
    while (!peek().empty()) {
      auto st = std::make_shared<CatModel::Statement>();
      std::string word = take();
      if (word == "let") {
        st->kind = CatModel::Statement::Kind::Let;
        st->name = name("a name after let");
        expect("=");
        st->expr = unionExpr();
        st->slot = static_cast<int>(lets_.size());
        lets_[st->name] = st->slot; // (a later let of the name hides this one)
      } else if (word == "acyclic" || word == "irreflexive" || word == "empty") {
        st->kind = word == "acyclic"       ? CatModel::Statement::Kind::Acyclic
                   : word == "irreflexive" ? CatModel::Statement::Kind::Irreflexive
                                           : CatModel::Statement::Kind::Empty;
        st->expr = unionExpr();
        expect("as");
        st->name = name("the check's name after as");
      } else {
        fail("expected let, acyclic, irreflexive or empty, found '" + word + "'", -1);
      }
      out.push_back(st);
    }
    return out;
  }

private:
  const std::string &peek() const { return toks_[at_].text; }
  int line() const { return toks_[at_].line; }
  std::string take() { return toks_[at_].text.empty() ? std::string() : toks_[at_++].text; }
  [[noreturn]] void fail(const std::string &what, int back = 0) const {
    size_t k = back < 0 && at_ > 0 ? at_ - 1 : at_;
    throw CatError(source_ + ":" + std::to_string(toks_[k].line) + ": " + what);
  }
  void expect(const std::string &t) {
    if (peek() != t)
      fail("expected '" + t + "', found '" + (peek().empty() ? "end of file" : peek()) + "'");
    ++at_;
  }
  static bool isName(const std::string &t) {
    return !t.empty() && (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_');
  }
  std::string name(const std::string &what) {
    if (!isName(peek()) || keyword(peek()))
      fail("expected " + what + ", found '" + (peek().empty() ? "end of file" : peek()) + "'");
    return take();
  }
  static bool keyword(const std::string &t) {
    return t == "let" || t == "acyclic" || t == "irreflexive" || t == "empty" || t == "as";
  }
  NodeP make(Node::Op op, NodeP a, NodeP b = nullptr, std::string n = {}) const {
    auto x = std::make_shared<Node>();
    x->op = op;
    x->a = std::move(a);
    x->b = std::move(b);
    x->name = std::move(n);
    x->line = line();
    return x;
  }
  // Binary levels, from the loosest.
  NodeP unionExpr() { return binary(0); }
  NodeP binary(int level) {
    static const char *const kOps[] = {"|", ";", "\\", "&"};
    static const Node::Op kNodes[] = {Node::Op::Union, Node::Op::Seq, Node::Op::Diff,
                                      Node::Op::Inter};
    if (level == 4)
      return postfix();
    NodeP x = binary(level + 1);
    while (peek() == kOps[level]) {
      ++at_;
      x = make(kNodes[level], x, binary(level + 1));
    }
    return x;
  }
  NodeP postfix() {
    NodeP x = atom();
    while (true) {
      if (peek() == "^-1")
        x = make(Node::Op::Inverse, x);
      else if (peek() == "+")
        x = make(Node::Op::Plus, x);
      else if (peek() == "*")
        x = make(Node::Op::Star, x);
      else if (peek() == "?")
        x = make(Node::Op::Opt, x);
      else
        return x;
      ++at_;
    }
  }
  NodeP atom() {
    if (peek() == "(") {
      ++at_;
      NodeP x = unionExpr();
      expect(")");
      return x;
    }
    if (peek() == "[") { // [S]: a set is already a relation on the diagonal
      ++at_;
      NodeP x = unionExpr();
      expect("]");
      return x;
    }
    if (peek() == "0") {
      ++at_;
      return make(Node::Op::Empty, nullptr);
    }
    if (peek() == "id") {
      ++at_;
      return make(Node::Op::Id, nullptr);
    }
    std::string n = name("a relation");
    auto x = std::make_shared<Node>();
    x->op = Node::Op::Name;
    x->name = n;
    x->line = toks_[at_ - 1].line;
    if (auto it = lets_.find(n); it != lets_.end())
      x->slot = it->second;
    return x;
  }

  std::vector<Token> toks_;
  std::string source_;
  size_t at_ = 0;
  std::map<std::string, int> lets_; // the slot of each name bound so far
};

/// What a model is evaluated with: the base relations by name, the lets' values by slot.
struct Env {
  const std::map<std::string, Rel> &base;
  std::vector<Rel> lets;
};

Rel evaluate(const Node &x, const Env &env, size_t n) {
  switch (x.op) {
  case Node::Op::Name: {
    if (x.slot >= 0)
      return env.lets[static_cast<size_t>(x.slot)];
    auto it = env.base.find(x.name);
    if (it == env.base.end())
      throw CatError("line " + std::to_string(x.line) + ": unknown relation '" + x.name + "'");
    return it->second;
  }
  case Node::Op::Id:
    return identity(n);
  case Node::Op::Empty:
    return Rel(n);
  case Node::Op::Union:
    return unite(evaluate(*x.a, env, n), evaluate(*x.b, env, n));
  case Node::Op::Seq:
    return seq(evaluate(*x.a, env, n), evaluate(*x.b, env, n));
  case Node::Op::Diff:
    return minus(evaluate(*x.a, env, n), evaluate(*x.b, env, n));
  case Node::Op::Inter:
    return meet(evaluate(*x.a, env, n), evaluate(*x.b, env, n));
  case Node::Op::Inverse:
    return inverse(evaluate(*x.a, env, n));
  case Node::Op::Plus:
    return plus(evaluate(*x.a, env, n));
  case Node::Op::Star:
    return star(evaluate(*x.a, env, n));
  case Node::Op::Opt:
    return opt(evaluate(*x.a, env, n));
  }
  return Rel(n);
}

} // namespace

CatModel CatModel::parse(const std::string &text, const std::string &source) {
  CatModel m;
  m.statements_ = Parser(tokenize(text, source), source).statements();
  return m;
}

CatModel CatModel::load(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw CatError(path + ": cannot be read");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

bool CatModel::allows(const std::map<std::string, Rel> &base, size_t n, std::string *failed) const {
  Env env{base, {}};
  for (const auto &st : statements_) {
    Rel r = evaluate(*st->expr, env, n);
    bool ok = true;
    switch (st->kind) {
    case Statement::Kind::Let:
      if (env.lets.size() <= static_cast<size_t>(st->slot))
        env.lets.resize(static_cast<size_t>(st->slot) + 1);
      env.lets[static_cast<size_t>(st->slot)] = std::move(r);
      continue;
    case Statement::Kind::Acyclic:
      ok = acyclic(r);
      break;
    case Statement::Kind::Irreflexive:
      ok = irreflexive(r);
      break;
    case Statement::Kind::Empty:
      ok = empty(r);
      break;
    }
    if (!ok) {
      if (failed)
        *failed = st->name;
      return false;
    }
  }
  return true;
}

CatModel CatModel::without(const std::string &check) const {
  CatModel m;
  for (const auto &st : statements_)
    if (st->kind == Statement::Kind::Let || st->name != check)
      m.statements_.push_back(st);
  return m;
}

std::vector<std::string> CatModel::checks() const {
  std::vector<std::string> out;
  for (const auto &st : statements_)
    if (st->kind != Statement::Kind::Let)
      out.push_back(st->name);
  return out;
}

} // namespace scopemc::oracle
