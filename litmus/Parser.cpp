// A recursive-descent parser for herd-style C litmus tests. The thread bodies are kept as C
// text (Clang compiles them later, with #line directives pointing back here); the parser
// finds their top-level local declarations, the test's registers.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>

#include "litmus/Litmus.h"

namespace scopemc::litmus {

namespace {

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

const char *const kTypeWords[] = {"int",      "long",     "short",     "char",    "unsigned",
                                  "signed",   "intptr_t", "uintptr_t", "int32_t", "uint32_t",
                                  "int64_t",  "uint64_t", "size_t",    "uint",    "ulong",
                                  "volatile", "const",    "bool",      "_Bool"};

bool isTypeWord(const std::string &w) {
  return std::find(std::begin(kTypeWords), std::end(kTypeWords), w) != std::end(kTypeWords) ||
         w.rfind("atomic_", 0) == 0;
}

class Parser {
public:
  Parser(const std::string &text, const std::string &file) : s_(text), file_(file) {}

  Test run() {
    Test t;
    t.file = file_;
    skipSpace();
    header(t);
    skipToInit();
    init(t);
    threads(t);
    tail(t);
    check(t);
    return t;
  }

private:
  const std::string &s_;
  std::string file_;
  size_t i_ = 0;
  int line_ = 1, col_ = 1;
  int conditionDepth_ = 0; // `~` and parentheses open in the condition (propUnary)

  [[noreturn]] void fail(const std::string &msg, std::optional<Pos> at = std::nullopt) const {
    throw LitmusError(file_, at.value_or(pos()), msg);
  }
  Pos pos() const { return Pos{line_, col_}; }
  bool atEnd() const { return i_ >= s_.size(); }
  char peek(size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  void advance() {
    if (atEnd())
      return;
    if (s_[i_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++i_;
  }
  void advance(size_t n) {
    while (n--)
      advance();
  }

  /// Skips white space and comments: (* ... *) (nested), // to the end of the line.
  void skipSpace() {
    while (!atEnd()) {
      if (std::isspace(static_cast<unsigned char>(peek()))) {
        advance();
      } else if (peek() == '(' && peek(1) == '*') {
        Pos start = pos();
        int depth = 0;
        do {
          if (atEnd())
            fail("unterminated comment", start);
          if (peek() == '(' && peek(1) == '*') {
            ++depth;
            advance(2);
          } else if (peek() == '*' && peek(1) == ')') {
            --depth;
            advance(2);
          } else {
            advance();
          }
        } while (depth > 0);
      } else if (peek() == '/' && peek(1) == '/') {
        while (!atEnd() && peek() != '\n')
          advance();
      } else {
        break;
      }
    }
  }

  bool lookingAt(const std::string &tok) const { return s_.compare(i_, tok.size(), tok) == 0; }
  bool accept(const std::string &tok) {
    skipSpace();
    if (!lookingAt(tok))
      return false;
    advance(tok.size());
    return true;
  }
  void expect(const std::string &tok, const std::string &what) {
    if (!accept(tok))
      fail("expected '" + tok + "' " + what + describeHere());
  }
  std::string describeHere() const {
    if (atEnd())
      return ", found the end of the file";
    std::string found;
    for (size_t k = i_; k < s_.size() && k < i_ + 12 && s_[k] != '\n'; ++k)
      found += std::isprint(static_cast<unsigned char>(s_[k])) ? s_[k] : '?';
    return ", found '" + found + "'";
  }
  std::optional<std::string> ident() {
    skipSpace();
    if (!isIdentStart(peek()))
      return std::nullopt;
    std::string w;
    while (isIdentChar(peek())) {
      w += peek();
      advance();
    }
    return w;
  }
  std::string expectIdent(const std::string &what) {
    auto w = ident();
    if (!w)
      fail("expected " + what + describeHere());
    return *w;
  }
  int64_t number(const std::string &what) {
    skipSpace();
    bool neg = accept("-");
    skipSpace();
    if (!std::isdigit(static_cast<unsigned char>(peek())))
      fail("expected " + what + describeHere());
    std::string digits;
    while (isIdentChar(peek())) {
      digits += peek();
      advance();
    }
    try {
      size_t used = 0;
      long long v = std::stoll(digits, &used, 0);
      if (used != digits.size())
        throw std::invalid_argument(digits);
      return neg ? -v : v;
    } catch (const std::exception &) {
      fail("'" + digits + "' is not a number");
    }
  }

  void header(Test &t) {
    Pos p = pos();
    std::string word;
    while (!atEnd() && !std::isspace(static_cast<unsigned char>(peek()))) {
      word += peek();
      advance();
    }
    std::string up = word;
    for (char &c : up)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (up == "C")
      t.dialect = Dialect::C;
    else if (up == "OPENCL")
      t.dialect = Dialect::OpenCL;
    else if (up == "PTX" || up == "CUDA" || up == "GPU_PTX")
      t.dialect = Dialect::Ptx;
    else
      fail("a litmus test starts with its dialect (C, OPENCL, CUDA or PTX) and name, found '" +
               word + "'",
           p);
    while (!atEnd() && (peek() == ' ' || peek() == '\t'))
      advance();
    while (!atEnd() && !std::isspace(static_cast<unsigned char>(peek()))) {
      t.name += peek();
      advance();
    }
    if (t.name.empty())
      fail("the test has no name after '" + word + "'");
  }

  /// Skips the doc string and key=value lines herd allows between the name and the init.
  void skipToInit() {
    skipSpace();
    while (!atEnd() && peek() != '{') {
      if (peek() == '"') {
        Pos start = pos();
        advance();
        while (!atEnd() && peek() != '"')
          advance();
        if (atEnd())
          fail("unterminated string", start);
        advance();
      } else if (peek() == 'P' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
        fail("expected the initial state '{ ... }' before the threads");
      } else {
        while (!atEnd() && peek() != '\n')
          advance();
      }
      skipSpace();
    }
    if (atEnd())
      fail("expected the initial state '{ ... }'");
  }

  Location &locationNamed(Test &t, const std::string &n) {
    for (auto &l : t.locations)
      if (l.name == n)
        return l;
    Location l;
    l.name = n;
    t.locations.push_back(l);
    return t.locations.back();
  }

  void init(Test &t) {
    expect("{", "to open the initial state");
    std::map<int, std::vector<std::pair<std::string, int64_t>>> regInits;
    while (!accept("}")) {
      if (accept(";"))
        continue;
      skipSpace();
      if (std::isdigit(static_cast<unsigned char>(peek()))) { // P:reg = value
        int tid = static_cast<int>(number("a thread number"));
        expect(":", "after the thread number of a register");
        std::string reg = expectIdent("a register name");
        expect("=", "after the register");
        regInits[tid].push_back({reg, number("an integer value")});
        continue;
      }
      std::vector<std::string> words;
      bool bracket = false;
      Pos itemPos = pos();
      while (true) {
        skipSpace();
        if (peek() == '[' && !words.empty() && !isTypeWord(words.back()) &&
            words.back() != "local" && words.back() != "__local" && words.back() != "global" &&
            words.back() != "__global")
          break; // `int x[2]`: the number of elements follows the name
        if (accept("[")) {
          words.push_back(expectIdent("a location name"));
          expect("]", "after the location name");
          bracket = true;
          break;
        }
        auto w = ident();
        if (!w)
          break;
        words.push_back(*w);
      }
      if (words.empty())
        fail("expected a location, a register or '}' in the initial state" + describeHere());
      if (accept("*"))
        fail("pointer locations are not supported");
      std::string name = words.back();
      words.pop_back();
      bool local = false;
      std::string type;
      for (auto &w : words) {
        if (w == "local" || w == "__local") {
          local = true;
        } else if (w == "global" || w == "__global") {
        } else if (isTypeWord(w)) {
          type += (type.empty() ? "" : " ") + w;
        } else {
          fail("unknown type '" + w + "' in the initial state", itemPos);
        }
      }
      (void)bracket;
      Location &l = locationNamed(t, name);
      if (!type.empty())
        l.type = type;
      l.local = l.local || local;
      if (accept("[")) {
        int64_t n = number("the number of elements of an array location");
        if (n < 1 || n > 4096)
          fail("an array location has 1 to 4096 elements", itemPos);
        expect("]", "after the number of elements");
        l.count = static_cast<size_t>(n);
      }
      if (accept("=")) {
        skipSpace();
        if (isIdentStart(peek()))
          fail("only integer initial values are supported (found a name: pointers are not "
               "supported)");
        if (l.count && accept("{"))
          arrayInit(l);
        else
          l.init = number("an integer initial value");
      }
      skipSpace();
      if (peek() != ';' && peek() != '}')
        fail("expected ';' or '}' after an initial value" + describeHere());
    }
    pendingRegInits_ = std::move(regInits);
  }
  std::map<int, std::vector<std::pair<std::string, int64_t>>> pendingRegInits_;

  void arrayInit(Location &l) { // after '{': values separated by commas, then '}'
    while (!accept("}")) {
      if (!l.inits.empty())
        expect(",", "between the elements of an array initialiser");
      if (accept("}"))
        break; // a trailing comma
      skipSpace();
      Pos at = pos();
      l.inits.push_back(number("an integer element value"));
      if (l.inits.size() > l.count)
        fail("more initial values than the " + std::to_string(l.count) + " elements of '" + l.name +
                 "'",
             at);
    }
  }

  void placement(Thread &th) {
    do {
      Pos p = pos();
      std::string key = expectIdent("a placement (wg, dev, cta, gpu)");
      uint32_t v = static_cast<uint32_t>(number("a number after '" + key + "'"));
      if (key == "wg" || key == "cta" || key == "block")
        th.group = v;
      else if (key == "dev" || key == "gpu" || key == "device")
        th.device = v;
      else if (key != "sg" && key != "warp")
        fail("unknown placement '" + key + "' (expected wg, dev, cta or gpu)", p);
    } while (accept(","));
  }

  Param param() {
    Param p;
    std::vector<std::string> words;
    Pos start = pos();
    bool star = false;
    while (true) {
      skipSpace();
      if (accept("*")) {
        star = true;
        continue;
      }
      auto w = ident();
      if (!w)
        break;
      words.push_back(*w);
    }
    if (!star || words.size() < 2)
      fail("a thread parameter is a pointer to a location, e.g. 'atomic_int* x'", start);
    p.name = words.back();
    words.pop_back();
    for (auto &w : words) {
      if (w == "local" || w == "__local")
        p.local = true;
      else if (w == "global" || w == "__global" || w == "volatile" || w == "const")
        continue;
      else if (isTypeWord(w))
        p.type += (p.type.empty() ? "" : " ") + w;
      else
        fail("unknown type '" + w + "' in a thread parameter", start);
    }
    if (p.type.empty())
      fail("the parameter '" + p.name + "' has no type", start);
    return p;
  }

  void body(Thread &th) {
    expect("{", "to open the thread's body");
    th.bodyPos = pos();
    size_t start = i_;
    int depth = 1;
    Pos open = th.bodyPos;
    while (depth > 0) {
      if (atEnd())
        fail("the body of P" + std::to_string(th.id) + " has no closing '}'", open);
      char c = peek();
      if (c == '/' && peek(1) == '/') {
        while (!atEnd() && peek() != '\n')
          advance();
      } else if (c == '/' && peek(1) == '*') {
        advance(2);
        while (!atEnd() && !(peek() == '*' && peek(1) == '/'))
          advance();
        advance(2);
      } else if (c == '"' || c == '\'') {
        advance();
        while (!atEnd() && peek() != c) {
          if (peek() == '\\')
            advance();
          advance();
        }
        advance();
      } else {
        if (c == '{')
          ++depth;
        else if (c == '}')
          --depth;
        advance();
      }
    }
    th.body = s_.substr(start, i_ - 1 - start);
    th.registers = topLevelLocals(th.body);
  }

  /// Names declared by top-level declarations `TYPE name [= ...], ...;` of a body.
  static std::vector<std::string> topLevelLocals(const std::string &b) {
    std::vector<std::string> tokens;
    std::vector<int> depths;
    int depth = 0;
    for (size_t k = 0; k < b.size();) {
      char c = b[k];
      if (c == '/' && k + 1 < b.size() && b[k + 1] == '/') {
        while (k < b.size() && b[k] != '\n')
          ++k;
      } else if (c == '/' && k + 1 < b.size() && b[k + 1] == '*') {
        size_t e = b.find("*/", k + 2);
        k = e == std::string::npos ? b.size() : e + 2;
      } else if (isIdentStart(c)) {
        size_t e = k;
        while (e < b.size() && isIdentChar(b[e]))
          ++e;
        tokens.push_back(b.substr(k, e - k));
        depths.push_back(depth);
        k = e;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++k;
      } else {
        if (c == '{' || c == '(')
          ++depth;
        if (c == '}' || c == ')')
          --depth;
        tokens.push_back(std::string(1, c));
        depths.push_back(depth);
        ++k;
      }
    }
    std::vector<std::string> names;
    bool stmtStart = true;
    for (size_t k = 0; k < tokens.size(); ++k) {
      if (depths[k] != 0 || !stmtStart || !isTypeWord(tokens[k])) {
        stmtStart = depths[k] == 0 && (tokens[k] == ";" || tokens[k] == "}");
        continue;
      }
      size_t j = k;
      while (j < tokens.size() && isTypeWord(tokens[j]))
        ++j;
      // declarators: name [= expr] {, name [= expr]} ;
      bool expectName = true;
      for (; j < tokens.size(); ++j) {
        if (depths[j] != 0)
          continue;
        if (tokens[j] == ";")
          break;
        if (tokens[j] == ",")
          expectName = true;
        else if (expectName && isIdentStart(tokens[j][0])) {
          names.push_back(tokens[j]);
          expectName = false;
        } else if (tokens[j] != "*") {
          expectName = false;
        }
      }
      k = j;
      stmtStart = true;
    }
    return names;
  }

  void threads(Test &t) {
    while (true) {
      skipSpace();
      if (!(peek() == 'P' && std::isdigit(static_cast<unsigned char>(peek(1)))))
        break;
      Pos p = pos();
      advance();
      Thread th;
      th.id = static_cast<int>(number("a thread number"));
      for (auto &o : t.threads)
        if (o.id == th.id)
          fail("P" + std::to_string(th.id) + " is defined twice", p);
      if (accept("@"))
        placement(th);
      expect("(", "before the parameters of P" + std::to_string(th.id));
      skipSpace();
      if (!accept(")")) {
        do
          th.params.push_back(param());
        while (accept(","));
        expect(")", "after the parameters of P" + std::to_string(th.id));
      }
      for (auto &prm : th.params) {
        Location &l = locationNamed(t, prm.name);
        if (l.type == "int" ||
            (l.type.rfind("atomic_", 0) != 0 && prm.type.rfind("atomic_", 0) == 0))
          l.type = prm.type;
        l.local = l.local || prm.local;
      }
      body(th);
      t.threads.push_back(std::move(th));
    }
    if (t.threads.empty())
      fail("expected a thread 'P0 (...) { ... }'" + describeHere());
    std::sort(t.threads.begin(), t.threads.end(), [](auto &a, auto &b) { return a.id < b.id; });
    for (size_t k = 0; k < t.threads.size(); ++k)
      if (t.threads[k].id != static_cast<int>(k))
        fail("threads must be numbered P0, P1, ... without gaps (P" + std::to_string(k) +
             " is missing)");
    for (auto &[tid, inits] : pendingRegInits_) {
      if (tid < 0 || tid >= static_cast<int>(t.threads.size()))
        fail("the initial state sets a register of P" + std::to_string(tid) +
             ", which does not exist");
      t.threads[static_cast<size_t>(tid)].registerInits = inits;
    }
  }

  // Conditions: ~ binds tightest, then /\, then \/.
  Prop propOr() { return binary("\\/", Prop::Kind::Or, &Parser::propAnd); }
  Prop propAnd() { return binary("/\\", Prop::Kind::And, &Parser::propUnary); }
  /// operand (op operand)*: one node with every operand (linear in their number, and as
  /// deep as one operand however many there are)
  Prop binary(const char *op, Prop::Kind kind, Prop (Parser::*operand)()) {
    Prop l = (this->*operand)();
    if (!accept(op))
      return l;
    Prop p;
    p.kind = kind;
    p.pos = l.pos;
    p.args.push_back(std::move(l));
    do
      p.args.push_back((this->*operand)());
    while (accept(op));
    return p;
  }
  /// How deep `~` and parentheses may nest in a condition (the parser and the evaluation
  /// recurse once a level).
  static constexpr int kMaxConditionDepth = 200;
  Prop propUnary() {
    skipSpace();
    Pos p = pos();
    bool nests = peek() == '~' || peek() == '(';
    if (nests && ++conditionDepth_ > kMaxConditionDepth)
      fail("the condition nests '~' and parentheses more than " +
               std::to_string(kMaxConditionDepth) + " levels deep",
           p);
    struct Leave {
      int &depth;
      bool nests;
      ~Leave() { depth -= nests ? 1 : 0; }
    } leave{conditionDepth_, nests};
    if (accept("~")) {
      Prop n;
      n.kind = Prop::Kind::Not;
      n.pos = p;
      n.args.push_back(propUnary());
      return n;
    }
    if (accept("(")) {
      Prop in = propOr();
      expect(")", "to close the parenthesis");
      return in;
    }
    Prop a;
    a.pos = p;
    if (std::isdigit(static_cast<unsigned char>(peek()))) {
      a.kind = Prop::Kind::Reg;
      a.thread = static_cast<int>(number("a thread number"));
      expect(":", "after the thread number of a register");
      a.name = expectIdent("a register name");
    } else {
      bool bracket = accept("[");
      auto w = ident();
      if (!w)
        fail("expected a register 'N:reg', a location, '~' or '('" + describeHere());
      if (!bracket && (*w == "true" || *w == "false")) {
        a.kind = *w == "true" ? Prop::Kind::True : Prop::Kind::False;
        return a;
      }
      if (bracket)
        expect("]", "after the location name");
      a.kind = Prop::Kind::Mem;
      a.name = *w;
      if (!bracket && accept("[")) { // an element of an array location
        a.name += "[" + std::to_string(number("an element index")) + "]";
        expect("]", "after the element index");
      }
    }
    if (!accept("=="))
      expect("=", "in a condition term");
    skipSpace();
    if (isIdentStart(peek())) // the address of a location, as herd reads a name here
      a.valueLoc = expectIdent("a location name");
    else
      a.value = number("an integer value");
    return a;
  }

  void tail(Test &t) {
    skipSpace();
    if (auto save = i_; accept("locations")) {
      (void)save;
      expect("[", "after 'locations'");
      while (!atEnd() && peek() != ']')
        advance();
      expect("]", "to close the locations list");
    }
    skipSpace();
    if (lookingAt("filter")) {
      advance(6);
      t.filter = propOr();
    }
    skipSpace();
    Pos condPos = pos();
    size_t condStart = i_;
    if (accept("exists")) {
      t.condition.quantifier = Quantifier::Exists;
    } else if (accept("forall")) {
      t.condition.quantifier = Quantifier::Forall;
    } else if (accept("~")) {
      expect("exists", "after '~' (the condition is exists, ~exists or forall)");
      t.condition.quantifier = Quantifier::NotExists;
    } else {
      fail("expected the final condition (exists, ~exists or forall)" + describeHere(), condPos);
    }
    t.condition.prop = propOr();
    std::string raw = s_.substr(condStart, i_ - condStart);
    std::string text;
    for (char c : raw) // one line, single spaces
      if (std::isspace(static_cast<unsigned char>(c))) {
        if (!text.empty() && text.back() != ' ')
          text += ' ';
      } else {
        text += c;
      }
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    t.condition.text = text;
    skipSpace();
    if (!atEnd())
      fail("unexpected text after the final condition" + describeHere());
  }

  void checkProp(const Test &t, const Prop &p) const {
    for (auto &a : p.args)
      checkProp(t, a);
    if (!p.valueLoc.empty() && !t.location(p.valueLoc))
      fail("the condition compares with '" + p.valueLoc + "', which is not a location of the test",
           p.pos);
    if (!p.valueLoc.empty() && t.location(p.valueLoc)->local)
      fail("the condition compares with the address of '" + p.valueLoc +
               "', which is work-group "
               "local memory (each work-group has its own copy)",
           p.pos);
    if (p.kind == Prop::Kind::Reg) {
      if (p.thread < 0 || p.thread >= static_cast<int>(t.threads.size()))
        fail("the condition names P" + std::to_string(p.thread) + ", which does not exist", p.pos);
      const Thread &th = t.threads[static_cast<size_t>(p.thread)];
      bool param = std::any_of(th.params.begin(), th.params.end(),
                               [&](auto &q) { return q.name == p.name; });
      if (!param &&
          std::find(th.registers.begin(), th.registers.end(), p.name) == th.registers.end())
        fail("'" + p.name + "' is not a register of P" + std::to_string(p.thread) +
                 " (registers are the locals declared at the top of its body, and its pointer "
                 "parameters)",
             p.pos);
    } else if (p.kind == Prop::Kind::Mem) {
      checkMem(t, p);
    }
  }

  void checkMem(const Test &t, const Prop &p) const {
    std::string base = p.name.substr(0, p.name.find('['));
    const Location *l = t.location(base);
    if (!l)
      fail("the condition names '" + base + "', which is not a location of the test", p.pos);
    if (l->local)
      fail("the condition names '" + base +
               "', which is work-group local memory: each work-group "
               "has its own copy, so a final condition cannot name it (copy it to a global "
               "location)",
           p.pos);
    if (base.size() == p.name.size()) {
      if (l->count)
        fail("'" + base + "' is an array: name one element, as " + base + "[0]", p.pos);
      return;
    }
    size_t idx = std::stoul(p.name.substr(base.size() + 1));
    if (!l->count)
      fail("'" + base + "' is not an array", p.pos);
    if (idx >= l->count)
      fail("element " + std::to_string(idx) + " is beyond the " + std::to_string(l->count) +
               " elements of '" + base + "'",
           p.pos);
  }

  void check(const Test &t) const {
    checkProp(t, t.condition.prop);
    if (t.filter)
      checkProp(t, *t.filter);
  }
};

} // namespace

const Location *Test::location(const std::string &n) const {
  for (auto &l : locations)
    if (l.name == n)
      return &l;
  return nullptr;
}

Test parse(const std::string &text, const std::string &file) { return Parser(text, file).run(); }

Test parseFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw LitmusError(path, Pos{}, "cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path);
}

std::optional<int64_t> State::get(const std::string &key) const {
  for (auto &[k, v] : values)
    if (k == key)
      return v;
  return std::nullopt;
}

std::string State::toString() const {
  std::string s;
  for (auto &[k, v] : values) { // a value that is a location's address prints as its name (herd)
    std::string text = std::to_string(v);
    for (auto &[loc, a] : addresses)
      if (a == v && v != 0)
        text = loc;
    s += k + "=" + text + "; ";
  }
  if (!s.empty())
    s.pop_back();
  return s;
}

namespace {
std::optional<int64_t> valueOf(const Prop &p, const State &s) {
  if (p.valueLoc.empty())
    return p.value;
  for (auto &[k, v] : s.addresses)
    if (k == p.valueLoc)
      return v;
  return std::nullopt;
}
bool sameValue(std::optional<int64_t> a, std::optional<int64_t> b) { return a && b && *a == *b; }
std::string valueText(const Prop &p) {
  return p.valueLoc.empty() ? std::to_string(p.value) : p.valueLoc;
}
} // namespace

bool holds(const Prop &p, const State &s) {
  switch (p.kind) {
  case Prop::Kind::True:
    return true;
  case Prop::Kind::False:
    return false;
  case Prop::Kind::Reg:
    return sameValue(s.get(std::to_string(p.thread) + ":" + p.name), valueOf(p, s));
  case Prop::Kind::Mem:
    return sameValue(s.get(p.name), valueOf(p, s));
  case Prop::Kind::Not:
    return !holds(p.args[0], s);
  case Prop::Kind::And:
    return std::all_of(p.args.begin(), p.args.end(), [&](const Prop &a) { return holds(a, s); });
  case Prop::Kind::Or:
    return std::any_of(p.args.begin(), p.args.end(), [&](const Prop &a) { return holds(a, s); });
  }
  return false;
}

std::string toString(const Prop &p) {
  switch (p.kind) {
  case Prop::Kind::True:
    return "true";
  case Prop::Kind::False:
    return "false";
  case Prop::Kind::Reg:
    return std::to_string(p.thread) + ":" + p.name + "=" + valueText(p);
  case Prop::Kind::Mem:
    return p.name + "=" + valueText(p);
  case Prop::Kind::Not:
    return "~" + toString(p.args[0]);
  case Prop::Kind::And:
  case Prop::Kind::Or: {
    std::string out = "(";
    for (size_t k = 0; k < p.args.size(); ++k)
      out += (k ? (p.kind == Prop::Kind::And ? " /\\ " : " \\/ ") : "") + toString(p.args[k]);
    return out + ")";
  }
  }
  return "?";
}

} // namespace scopemc::litmus
