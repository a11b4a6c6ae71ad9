#include "repair/RaceRepair.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>

#include "frontend/AstWalk.h"

namespace scopemc {

namespace fs = std::filesystem;
using namespace clang;

namespace {

enum class Language : uint8_t { Cuda, OpenCl, C };

Language languageOf(const std::string &file) {
  std::string ext = fs::path(file).extension().string();
  return ext == ".cu" ? Language::Cuda : ext == ".cl" ? Language::OpenCl : Language::C;
}

/// Text spread over lines as one line (for showing what an edit replaces).
std::string oneLine(const std::string &t) {
  std::string out;
  for (char c : t)
    if (c != '\n' && c != '\t' && (c != ' ' || (!out.empty() && out.back() != ' ')))
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  return out;
}

/// One change of the text: `remove` bytes at `offset` replaced by `insert`.
struct Fix {
  size_t offset = 0, remove = 0;
  std::string insert;
  std::string before, change; // for the report: the replaced text, and the change in words
};

/// Where a report's event is in the input: line and column, or none.
struct Place {
  unsigned line = 0, col = 0;
  bool operator<(const Place &o) const { return std::tie(line, col) < std::tie(o.line, o.col); }
};

/// The scope an atomic update needs: the block for block-shared memory (only the block can
/// reach it), the system when a host thread takes part, else the device (other blocks may
/// update the same global location).
std::string cudaScopeSuffix(const Report &r) {
  bool shared = r.witness != nullptr;
  for (const ReportedEvent &e : r.events) {
    if (isHostPos(e.pos))
      return "_system";
    auto *l = r.witness ? dyn_cast<MemAccessLabel>(r.witness->label(e.event)) : nullptr;
    shared = shared && l && l->localSpace();
  }
  return shared ? "_block" : "";
}

/// The atomic call that does `lhs op= rhs`, in the file's language; empty: none.
std::string atomicCall(Language lang, BinaryOperatorKind op, bool floating, const std::string &lhs,
                       const std::string &rhs, const std::string &scope) {
  const char *name = nullptr;
  bool negate = false;
  switch (op) {
  case BO_AddAssign:
    name = "Add";
    break;
  case BO_SubAssign:
    name = floating ? "Add" : "Sub";
    negate = floating;
    break;
  case BO_OrAssign:
    name = "Or";
    break;
  case BO_AndAssign:
    name = "And";
    break;
  case BO_XorAssign:
    name = "Xor";
    break;
  default:
    return "";
  }
  std::string value = negate ? "-(" + rhs + ")" : rhs;
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
  switch (lang) {
  case Language::Cuda:
    return std::string("atomic") + name + scope + "(&(" + lhs + "), " + value + ")";
  case Language::OpenCl:
    return floating ? "" : "atomic_" + lower + "(&(" + lhs + "), " + value + ")";
  case Language::C:
    return floating
               ? ""
               : "__atomic_fetch_" + lower + "(&(" + lhs + "), " + value + ", __ATOMIC_RELAXED)";
  }
  return "";
}

/// One candidate repair: the fixes made together (a fence on each side of a race).
using Candidate = std::vector<Fix>;

class FixFinder {
public:
  FixFinder(ASTContext &ctx, Language lang, const Report &r, std::vector<Candidate> &out)
      : ctx_(ctx), sm_(ctx.getSourceManager()), lang_(lang), report_(r), out_(out) {
    for (const ReportedEvent &e : r.events)
      if (e.source && e.source->line)
        places_.push_back({e.source->line, e.source->col});
    std::sort(places_.begin(), places_.end());
  }

  void run() {
    if (places_.empty())
      return;
    atomicUpdate(ctx_.getTranslationUnitDecl());
    checkThenStore(ctx_.getTranslationUnitDecl());
    barrier(ctx_.getTranslationUnitDecl());
    fences(ctx_.getTranslationUnitDecl());
  }

private:
  bool inMain(SourceLocation l) const { return sm_.isWrittenInMainFile(sm_.getExpansionLoc(l)); }
  Place placeOf(SourceLocation l) const {
    SourceLocation e = sm_.getExpansionLoc(l);
    return {sm_.getExpansionLineNumber(e), sm_.getExpansionColumnNumber(e)};
  }
  /// Whether r (begin to the end of its last token) holds place p.
  bool holds(SourceRange r, const Place &p) const {
    if (!inMain(r.getBegin()))
      return false;
    SourceLocation e = sm_.getExpansionLoc(r.getEnd());
    Place last = placeOf(e);
    last.col += Lexer::MeasureTokenLength(e, sm_, ctx_.getLangOpts());
    return !(p < placeOf(r.getBegin())) && p < last;
  }
  std::string text(SourceRange r) const {
    return Lexer::getSourceText(sm_.getExpansionRange(r), sm_, ctx_.getLangOpts()).str();
  }
  size_t offsetOf(SourceLocation l) const { return sm_.getFileOffset(sm_.getExpansionLoc(l)); }
  size_t endOffset(SourceRange r) const {
    SourceLocation e = sm_.getExpansionLoc(r.getEnd());
    return offsetOf(e) + Lexer::MeasureTokenLength(e, sm_, ctx_.getLangOpts());
  }
  /// Whether e's value is unused: a statement of its own (under C++'s implicit wrappers), or
  /// the increment of a for loop. A postfix ++ or -- may be used too: the atomic update
  /// returns the old value, as the postfix operator does.
  bool valueFree(const Expr &e) const {
    if (auto *u = dyn_cast<UnaryOperator>(&e); u && u->isPostfix())
      return true;
    DynTypedNodeList parents = ctx_.getParents(e);
    while (!parents.empty() &&
           (parents[0].get<ExprWithCleanups>() || parents[0].get<ConstantExpr>()))
      parents = ctx_.getParents(parents[0]);
    if (parents.empty())
      return false;
    const Stmt *p = parents[0].get<Stmt>();
    if (!p || isa<Expr>(p) || isa<ReturnStmt>(p))
      return false; // (a declaration's initialiser, an operand, a returned value)
    if (auto *f = dyn_cast<ForStmt>(p))
      return f->getCond() != &e;
    if (auto *i = dyn_cast<IfStmt>(p))
      return i->getCond() != &e;
    if (auto *w = dyn_cast<WhileStmt>(p))
      return w->getCond() != &e;
    if (auto *d = dyn_cast<DoStmt>(p))
      return d->getCond() != &e;
    return !isa<SwitchStmt>(p);
  }

  /// The smallest update expression (x++, x += v...) holding every reported place.
  void atomicUpdate(Decl *tu) {
    const Expr *best = nullptr;
    size_t bestSize = SIZE_MAX;
    auto consider = [&](const Expr *e) {
      SourceRange r = e->getSourceRange();
      if (!inMain(r.getBegin()) || !valueFree(*e))
        return;
      for (const Place &p : places_)
        if (!holds(r, p))
          return;
      size_t size = endOffset(r) - offsetOf(r.getBegin());
      if (size < bestSize)
        best = e, bestSize = size;
    };
    AstCallbacks callbacks;
    callbacks.onStmt = [&](Stmt &s) {
      if (auto *u = dyn_cast<UnaryOperator>(&s); u && u->isIncrementDecrementOp())
        consider(u);
      else if (auto *c = dyn_cast<CompoundAssignOperator>(&s))
        consider(c);
      return true;
    };
    walkAst(tu, callbacks);
    if (!best)
      return;
    const Expr *lhsExpr = nullptr, *rhsExpr = nullptr;
    BinaryOperatorKind op = BO_AddAssign;
    if (auto *u = dyn_cast<UnaryOperator>(best)) {
      lhsExpr = u->getSubExpr();
      op = u->isIncrementOp() ? BO_AddAssign : BO_SubAssign;
    } else {
      auto *c = cast<CompoundAssignOperator>(best);
      lhsExpr = c->getLHS(), rhsExpr = c->getRHS(), op = c->getOpcode();
    }
    QualType t = lhsExpr->getType();
    bool floating = t->isRealFloatingType();
    if (!t->isIntegerType() && !floating)
      return;
    std::string call = atomicCall(lang_, op, floating, text(lhsExpr->getSourceRange()),
                                  rhsExpr ? text(rhsExpr->getSourceRange()) : "1",
                                  lang_ == Language::Cuda ? cudaScopeSuffix(report_) : "");
    if (call.empty())
      return;
    SourceRange r = best->getSourceRange();
    Fix f{offsetOf(r.getBegin()), endOffset(r) - offsetOf(r.getBegin()), call, text(r), ""};
    f.change = "a plain update made atomic" +
               std::string(lang_ != Language::Cuda                      ? ""
                           : call.find("_block(") != std::string::npos  ? ", block scope"
                           : call.find("_system(") != std::string::npos ? ", system scope"
                                                                        : ", device scope");
    out_.push_back({std::move(f)});
  }

  /// `if (v > x) x = v;` (or `<`, `>=`, `<=`, either side) holding every reported place, on
  /// integers, without side effects: CUDA's atomicMax / atomicMin.
  void checkThenStore(Decl *tu) {
    if (lang_ != Language::Cuda)
      return;
    const IfStmt *best = nullptr;
    AstCallbacks callbacks;
    callbacks.onStmt = [&](Stmt &s) {
      auto *i = dyn_cast<IfStmt>(&s);
      if (i && !i->getElse() && std::all_of(places_.begin(), places_.end(), [&](const Place &p) {
            return holds(i->getSourceRange(), p);
          }))
        best = i; // (visited outermost first: the last is the innermost)
      return true;
    };
    walkAst(tu, callbacks);
    if (!best)
      return;
    const Stmt *then = best->getThen();
    if (auto *c = dyn_cast<CompoundStmt>(then); c && c->size() == 1)
      then = c->body_front();
    auto *assign = dyn_cast<BinaryOperator>(then);
    auto *cond = dyn_cast<BinaryOperator>(best->getCond()->IgnoreParenImpCasts());
    if (!assign || assign->getOpcode() != BO_Assign || !cond || !cond->isRelationalOp())
      return;
    const Expr *target = assign->getLHS(), *value = assign->getRHS();
    if (!target->getType()->isIntegerType() || target->HasSideEffects(ctx_) ||
        value->HasSideEffects(ctx_))
      return;
    std::string x = text(target->getSourceRange()), val = text(value->getSourceRange());
    std::string l = text(cond->getLHS()->IgnoreParenImpCasts()->getSourceRange()),
                r = text(cond->getRHS()->IgnoreParenImpCasts()->getSourceRange());
    bool greater = cond->getOpcode() == BO_GT || cond->getOpcode() == BO_GE;
    const char *op = nullptr;
    if (l == val && r == x)
      op = greater ? "atomicMax" : "atomicMin";
    else if (l == x && r == val)
      op = greater ? "atomicMin" : "atomicMax";
    if (!op)
      return;
    SourceRange range = best->getSourceRange();
    bool braces = isa<CompoundStmt>(best->getThen());
    std::string call = std::string(op) + cudaScopeSuffix(report_) + "(&(" + x + "), " + val + ")" +
                       (braces ? ";" : "");
    out_.push_back({Fix{offsetOf(range.getBegin()), endOffset(range) - offsetOf(range.getBegin()),
                        call, oneLine(text(range)),
                        "a check-then-store made an atomic " + std::string(op + 6) + "imum"}});
  }

  bool deviceCode(const FunctionDecl &fd) const {
    if (lang_ == Language::OpenCl)
      return true;
    return lang_ == Language::Cuda &&
           (fd.hasAttr<CUDAGlobalAttr>() || fd.hasAttr<CUDADeviceAttr>());
  }

  /// A barrier after the statement holding the first reported place, in the innermost block
  /// of a kernel's code holding them all.
  void barrier(Decl *tu) {
    const ThreadPos &a = report_.events.front().pos, &b = report_.events.back().pos;
    if (lang_ == Language::C || isHostPos(a) || isHostPos(b) || a.device != b.device ||
        a.block != b.block)
      return;
    // Innermost first: a barrier there is the least change; the verification rejects one
    // that some threads of the block do not reach.
    auto chain = blocksHolding(tu, places_);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
      barrierIn(*it->first, it->second);
  }

  /// Each block of device code (`{ ... }`) holding every place, outermost first, with the
  /// statement it is the body of (null for a function's).
  std::vector<std::pair<const CompoundStmt *, const Stmt *>>
  blocksHolding(Decl *tu, const std::vector<Place> &places) {
    std::vector<std::pair<const CompoundStmt *, const Stmt *>> chain;
    std::function<void(const Stmt *, const Stmt *)> inner = [&](const Stmt *s, const Stmt *parent) {
      if (!s)
        return;
      if (auto *c = dyn_cast<CompoundStmt>(s)) {
        if (!std::all_of(places.begin(), places.end(),
                         [&](const Place &p) { return holds(c->getSourceRange(), p); }))
          return;
        chain.push_back({c, parent});
      }
      for (const Stmt *child : s->children())
        inner(child, s);
    };
    AstCallbacks callbacks;
    callbacks.onDecl = [&](Decl &d) {
      if (auto *fd = dyn_cast<FunctionDecl>(&d); fd && fd->hasBody() && deviceCode(*fd))
        inner(fd->getBody(), nullptr);
      return true;
    };
    walkAst(tu, callbacks);
    return chain;
  }

  /// The statement of `block` holding place p, or null.
  const Stmt *childHolding(const CompoundStmt &block, const Place &p) const {
    for (const Stmt *child : block.body())
      if (holds(child->getSourceRange(), p))
        return child;
    return nullptr;
  }
  std::string indentOf(const Stmt &st) const {
    StringRef buf = sm_.getBufferData(sm_.getMainFileID());
    size_t lineStart = buf.rfind('\n', offsetOf(st.getBeginLoc()));
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    std::string indent;
    for (size_t k = lineStart; k < buf.size() && (buf[k] == ' ' || buf[k] == '\t'); ++k)
      indent += buf[k];
    return indent;
  }
  /// A line of its own after the line where statement st ends (past its semicolon).
  std::optional<Fix> lineAfter(const Stmt &st, const std::string &code, const std::string &why) {
    StringRef buf = sm_.getBufferData(sm_.getMainFileID());
    size_t end = buf.find('\n', endOffset(st.getSourceRange()));
    if (end == StringRef::npos)
      return std::nullopt;
    return Fix{end, 0, "\n" + indentOf(st) + code, "", why};
  }
  /// A line of its own before the line where statement st starts.
  Fix lineBefore(const Stmt &st, const std::string &code, const std::string &why) {
    StringRef buf = sm_.getBufferData(sm_.getMainFileID());
    size_t start = buf.rfind('\n', offsetOf(st.getBeginLoc()));
    start = start == StringRef::npos ? 0 : start + 1;
    return Fix{start, 0, indentOf(st) + code + "\n", "", why};
  }

  /// Threads of different blocks: a plain write published through an atomic (the last-block
  /// pattern) is ordered before another block's plain read by a fence after the write and a
  /// fence before the read (fence to fence through the atomic's reads-from, docs/model.md §3).
  void fences(Decl *tu) {
    if (lang_ != Language::Cuda || report_.events.size() < 2)
      return;
    const ReportedEvent *w = nullptr, *r = nullptr;
    for (const ReportedEvent &e : report_.events)
      (e.kind == EventLabel::Kind::Write ? w : r) = &e;
    if (!w || !r || !w->source || !r->source || isHostPos(w->pos) || isHostPos(r->pos) ||
        (w->pos.device == r->pos.device && w->pos.block == r->pos.block))
      return;
    Place pw{w->source->line, w->source->col}, pr{r->source->line, r->source->col};
    auto bw = blocksHolding(tu, {pw}), br = blocksHolding(tu, {pr});
    if (bw.empty() || br.empty())
      return;
    const Stmt *sw = childHolding(*bw.back().first, pw), *sr = childHolding(*br.back().first, pr);
    if (!sw || !sr || sw == sr)
      return;
    auto after = lineAfter(*sw, "__threadfence();", "a fence after the write");
    if (!after)
      return;
    out_.push_back({*after, lineBefore(*sr, "__threadfence();", "a fence before the read")});
  }

  void barrierIn(const CompoundStmt &block, const Stmt *parent) {
    const Stmt *first = childHolding(block, places_.front()),
               *last = childHolding(block, places_.back());
    bool loopBody =
        parent && (isa<ForStmt>(parent) || isa<WhileStmt>(parent) || isa<DoStmt>(parent));
    if (!first || (first == last && !loopBody))
      return;
    std::string call = lang_ == Language::Cuda
                           ? "__syncthreads();"
                           : "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);";
    if (auto f = lineAfter(*first, call, "a barrier between the racing accesses"))
      out_.push_back({*f});
    // In a loop body the race may cross iterations (the later statement's access in one,
    // the earlier one's in the next): a barrier after the later statement parts them.
    if (loopBody && last != first)
      if (auto f = lineAfter(*last, call, "a barrier between the racing accesses"))
        out_.push_back({*f});
  }

  ASTContext &ctx_;
  SourceManager &sm_;
  Language lang_;
  const Report &report_;
  std::vector<Place> places_;
  std::vector<Candidate> &out_;
};

class FixAction final : public ASTFrontendAction {
public:
  FixAction(Language lang, const Report &r, std::vector<Candidate> &out)
      : lang_(lang), report_(r), out_(out) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    struct Consumer final : ASTConsumer {
      FixAction &a;
      explicit Consumer(FixAction &a) : a(a) {}
      void HandleTranslationUnit(ASTContext &ctx) override {
        if (a.out_.empty()) // (a CUDA file is parsed for the host and for the device)
          FixFinder(ctx, a.lang_, a.report_, a.out_).run();
      }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  Language lang_;
  const Report &report_;
  std::vector<Candidate> &out_;
};

/// A fix made on the text as it was when found, carried back to the original text.
struct Applied {
  size_t offset = 0; // in the original text
  Fix fix;
  std::string reason;
};

std::string build(const std::string &original, const std::vector<Applied> &applied) {
  std::vector<const Applied *> order;
  for (auto &a : applied)
    order.push_back(&a);
  std::sort(order.begin(), order.end(), [](auto *x, auto *y) { return x->offset > y->offset; });
  std::string out = original;
  for (auto *a : order)
    out.replace(a->offset, a->fix.remove, a->fix.insert);
  return out;
}

size_t toOriginal(const std::vector<Applied> &applied, size_t at) {
  std::vector<const Applied *> order;
  for (auto &a : applied)
    order.push_back(&a);
  std::sort(order.begin(), order.end(), [](auto *x, auto *y) { return x->offset < y->offset; });
  long shift = 0;
  for (auto *a : order) {
    size_t here = static_cast<size_t>(static_cast<long>(a->offset) + shift);
    if (here + a->fix.insert.size() > at)
      break;
    shift += static_cast<long>(a->fix.insert.size()) - static_cast<long>(a->fix.remove);
  }
  return static_cast<size_t>(static_cast<long>(at) - shift);
}

TextEdit textEdit(const std::string &file, const std::string &original, const Applied &a) {
  TextEdit e;
  e.file = file;
  e.line = 1 + static_cast<unsigned>(std::count(
                   original.begin(), original.begin() + static_cast<long>(a.offset), '\n'));
  size_t lineStart = original.rfind('\n', a.offset == 0 ? 0 : a.offset - 1);
  e.col = static_cast<unsigned>(
              a.offset - (lineStart == std::string::npos || a.offset == 0 ? 0 : lineStart + 1)) +
          1;
  e.before = a.fix.before;
  e.after = a.fix.insert;
  e.change = a.fix.change;
  e.reason = a.reason;
  return e;
}

/// An error as the original text places it: its kind and its events' positions, each
/// carried back through the fixes applied to the text it was found in (an inserted line
/// moves the positions after it; the same race must not look like a new one).
std::string originalKey(const Report &r, const std::string &file, const std::string &original,
                        const std::vector<Applied> &applied) {
  std::string edited = build(original, applied);
  std::vector<std::string> at;
  for (const ReportedEvent &e : r.events) {
    if (!e.source)
      continue;
    if (fs::path(e.source->file).filename() != fs::path(file).filename()) { // (another file)
      at.push_back(toString(e.source));
      continue;
    }
    size_t off = offsetOf(edited, e.source->line, e.source->col);
    at.push_back(std::to_string(off == std::string::npos ? off : toOriginal(applied, off)));
  }
  std::sort(at.begin(), at.end());
  std::string key(errorTypeName(r.type));
  for (const std::string &a : at)
    key += "|" + a;
  return key;
}

} // namespace

std::string sourceText(const RunOptions &opts) {
  if (auto it = opts.frontend.remappedFiles.find(opts.file);
      it != opts.frontend.remappedFiles.end())
    return it->second;
  std::ifstream in(opts.file, std::ios::binary);
  if (!in)
    throw InputError(opts.file + ": cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

RaceRepairResult repairRaces(const RunOptions &opts, unsigned maxRounds,
                             const std::function<void(const std::string &)> &progress) {
  auto start = std::chrono::steady_clock::now();
  RaceRepairResult out;
  out.original = sourceText(opts);
  Language lang = languageOf(opts.file);
  RunOptions run = opts;
  run.checks.races = true;
  run.checks.atomicity = true;
  run.checks.stopOnFirst = true;
  auto verifyText = [&](const std::string &text) {
    RunOptions o = run;
    o.frontend.remappedFiles[opts.file] = text;
    ++out.verifications;
    return verify(o);
  };
  std::vector<Applied> applied;
  RunResult now = verifyText(out.original);
  for (unsigned round = 0; round < maxRounds && now.verdict == Verdict::ErrorFound; ++round) {
    const Report error = now.reports.front();
    out.errors.push_back(error);
    if (error.type != ErrorType::DataRace && error.type != ErrorType::AtomicityViolation) {
      out.unrepaired.push_back(std::string(errorTypeName(error.type)) +
                               ": not a race or an atomicity violation");
      break;
    }
    std::string text = build(out.original, applied);
    std::vector<Candidate> candidates;
    RunOptions parse = run;
    parse.frontend.remappedFiles[opts.file] = text;
    FixAction action(lang, error, candidates);
    runClangAction(opts.file, action, parse.frontend);
    bool kept = false;
    for (const Candidate &c : candidates) {
      std::vector<Applied> next = applied;
      for (const Fix &f : c) {
        if (progress)
          progress("trying " + f.change);
        next.push_back(Applied{toOriginal(applied, f.offset), f, error.message});
      }
      try {
        RunResult r = verifyText(build(out.original, next));
        std::string was = originalKey(error, opts.file, out.original, applied);
        if (std::any_of(r.reports.begin(), r.reports.end(), [&](const Report &x) {
              return x.type == ErrorType::BarrierDivergence ||
                     originalKey(x, opts.file, out.original, next) == was;
            }))
          continue; // the same error, or a barrier some threads do not reach
        applied = std::move(next);
        now = std::move(r);
        kept = true;
        break;
      } catch (const InputError &) {
        continue; // the edited text does not compile: not this candidate
      }
    }
    if (!kept) {
      out.unrepaired.push_back(
          std::string(errorTypeName(error.type)) + " at " + toString(error.events.front().source) +
          (candidates.empty()
               ? ": no update expression (x++, x += v...) holds both accesses, no barrier can go "
                 "between them in the block's code, and no fence pair between blocks"
               : ": no atomic update, barrier or fence pair tried removes it"));
      break;
    }
  }
  // Fewest edits: drop each one the program verifies without.
  if (now.verdict == Verdict::Verified)
    for (size_t k = applied.size(); k-- > 0 && applied.size() > 1;) {
      std::vector<Applied> fewer = applied;
      fewer.erase(fewer.begin() + static_cast<long>(k));
      RunResult r = verifyText(build(out.original, fewer));
      if (r.verdict == Verdict::Verified)
        applied = std::move(fewer), now = std::move(r);
    }
  out.repaired = build(out.original, applied);
  std::sort(applied.begin(), applied.end(),
            [](const Applied &x, const Applied &y) { return x.offset < y.offset; });
  for (const Applied &a : applied)
    out.edits.push_back(textEdit(opts.file, out.original, a));
  out.final = std::move(now);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

} // namespace scopemc
