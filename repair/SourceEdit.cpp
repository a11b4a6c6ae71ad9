#include "repair/SourceEdit.h"

#include <filesystem>
#include <set>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include "frontend/AstWalk.h"
#include "program/BuiltinId.h"
#include "repair/Spelling.h"

namespace scopemc {

namespace fs = std::filesystem;
using namespace clang;

namespace {

std::string canonical(const std::string &p) {
  std::error_code ec;
  auto c = fs::weakly_canonical(p, ec);
  return ec ? p : c.string();
}

/// The user's macro definitions and their uses, as the preprocessor saw them.
class MacroLog final : public PPCallbacks {
public:
  struct Macro {
    std::string name;
    SourceLocation begin, end; // the definition
    std::vector<SourceLocation> uses;
  };
  explicit MacroLog(const SourceManager &sm) : sm_(sm) {}
  void MacroDefined(const Token &name, const MacroDirective *md) override {
    const MacroInfo *mi = md->getMacroInfo();
    if (!mi || sm_.isInSystemHeader(mi->getDefinitionLoc()) || !mi->getDefinitionLoc().isFileID())
      return;
    macros_[mi] = Macro{name.getIdentifierInfo()->getName().str(),
                        mi->getDefinitionLoc(),
                        mi->getDefinitionEndLoc(),
                        {}};
  }
  void MacroExpands(const Token &, const MacroDefinition &md, SourceRange range,
                    const MacroArgs *) override {
    if (auto it = macros_.find(md.getMacroInfo()); it != macros_.end())
      it->second.uses.push_back(range.getBegin());
  }
  /// The macro whose definition holds the file location `s`.
  const Macro *definitionHolding(SourceLocation s) const {
    for (auto &[mi, m] : macros_)
      if (sm_.getFileID(m.begin) == sm_.getFileID(s) &&
          !sm_.isBeforeInTranslationUnit(s, m.begin) && !sm_.isBeforeInTranslationUnit(m.end, s))
        return &m;
    return nullptr;
  }

private:
  const SourceManager &sm_;
  std::map<const MacroInfo *, Macro> macros_;
};

/// Every call and atomic expression, by the line and column its code is attributed to.
class CallIndex {
public:
  explicit CallIndex(const SourceManager &sm) : sm_(sm) {}
  void build(Decl *tu) {
    walkAst(tu, {nullptr, [&](Stmt &s) {
                   if (isa<CallExpr>(s) || isa<AtomicExpr>(s))
                     add(cast<Expr>(&s));
                   return true;
                 }});
  }
  std::vector<Expr *> at(const SourceLoc &s) const {
    auto it = byLoc_.find(key(canonical(s.path()), s.line, s.col));
    return it == byLoc_.end() ? std::vector<Expr *>{} : it->second;
  }

private:
  static std::string key(const std::string &f, unsigned l, unsigned c) {
    return f + ":" + std::to_string(l) + ":" + std::to_string(c);
  }
  void add(Expr *e) {
    std::set<std::string> keys;
    for (SourceLocation l : {e->getBeginLoc(), e->getExprLoc()}) {
      PresumedLoc p = sm_.getPresumedLoc(sm_.getExpansionLoc(l));
      if (p.isValid())
        keys.insert(key(canonical(p.getFilename()), p.getLine(), p.getColumn()));
    }
    for (auto &k : keys)
      byLoc_[k].push_back(e);
  }
  const SourceManager &sm_;
  std::map<std::string, std::vector<Expr *>> byLoc_;
};

/// The argument expression of a call that carries its scope (or order).
const Expr *stripped(const Expr *e) {
  while (true) {
    const Expr *n = e->IgnoreParenImpCasts();
    if (auto *c = dyn_cast<ExplicitCastExpr>(n))
      n = c->getSubExpr();
    if (n == e)
      return e;
    e = n;
  }
}

/// The argument of a kernel-API call that gives its scope (scope) or its order (Builtins.def).
std::optional<unsigned> builtinArg(const std::string &callee, bool scope) {
  std::optional<Builtin> b = builtinNamed(callee);
  if (!b || traitsOf(*b).family != BuiltinFamily::Api)
    return std::nullopt;
  int k = scope ? traitsOf(*b).scope : traitsOf(*b).order;
  if (k < 0)
    return std::nullopt;
  return static_cast<unsigned>(k);
}

/// The argument of `e` that gives its scope (scope) or its (success) order.
const Expr *carrier(const Expr *e, bool scope) {
  if (auto *a = dyn_cast<AtomicExpr>(e))
    return scope ? (a->getScope() ? a->getScope() : nullptr) : a->getOrder();
  auto *c = dyn_cast<CallExpr>(e);
  if (!c)
    return nullptr;
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd)
    return nullptr;
  if (auto k = builtinArg(fd->getNameAsString(), scope))
    return *k < c->getNumArgs() ? stripped(c->getArg(*k)) : nullptr;
  auto wanted = [&](QualType t) {
    for (const std::string &n : {t.getAsString(), t.getCanonicalType().getAsString()})
      if (scope ? n.find("memory_scope") != std::string::npos ||
                      n.find("thread_scope") != std::string::npos
                : n.find("memory_order") != std::string::npos)
        return true;
    return false;
  };
  for (unsigned k = 0; k < c->getNumArgs() && k < fd->getNumParams(); ++k)
    if (wanted(fd->getParamDecl(k)->getType()))
      return stripped(c->getArg(k));
  return nullptr;
}

/// The token that names a scope or order argument: the name of a (qualified) constant
/// (`thread_scope_block` in `cuda::thread_scope_block`), else the expression's first token.
SourceLocation nameLoc(const Expr *e) {
  if (auto *d = dyn_cast<DeclRefExpr>(stripped(e)))
    return d->getLocation();
  return e->getBeginLoc();
}

/// The type as written of the object a member or operator call works on (`f` in `f.store(..)`
/// declared `cuda::atomic_ref<int, cuda::thread_scope_block> f`), when it is a declaration's.
std::optional<TypeLoc> objectTypeLoc(const Expr *call) {
  const Expr *obj = nullptr;
  if (auto *m = dyn_cast<CXXMemberCallExpr>(call))
    obj = m->getImplicitObjectArgument();
  else if (auto *o = dyn_cast<CXXOperatorCallExpr>(call); o && o->getNumArgs() > 0)
    obj = o->getArg(0);
  if (!obj)
    return std::nullopt;
  obj = obj->IgnoreParenImpCasts();
  const DeclaratorDecl *d = nullptr;
  if (auto *r = dyn_cast<DeclRefExpr>(obj))
    d = dyn_cast<DeclaratorDecl>(r->getDecl());
  else if (auto *m = dyn_cast<MemberExpr>(obj))
    d = dyn_cast<DeclaratorDecl>(m->getMemberDecl());
  if (!d || !d->getTypeSourceInfo())
    return std::nullopt;
  return d->getTypeSourceInfo()->getTypeLoc();
}

/// The written scope argument of a `cuda::atomic_ref<T, S>` or `cuda::atomic<T, S>` type (through
/// qualifiers, references and the user's typedefs).
const Expr *templateScope(TypeLoc tl) {
  for (int guard = 0; guard < 16 && !tl.isNull(); ++guard) {
    if (auto q = tl.getAs<QualifiedTypeLoc>())
      tl = q.getUnqualifiedLoc();
    else if (auto e = tl.getAs<ElaboratedTypeLoc>())
      tl = e.getNamedTypeLoc();
    else if (auto r = tl.getAs<ReferenceTypeLoc>())
      tl = r.getPointeeLoc();
    else if (auto t = tl.getAs<TypedefTypeLoc>()) {
      const TypeSourceInfo *ts = t.getTypedefNameDecl()->getTypeSourceInfo();
      if (!ts)
        return nullptr;
      tl = ts->getTypeLoc();
    } else if (auto s = tl.getAs<TemplateSpecializationTypeLoc>()) {
      if (s.getNumArgs() < 2 ||
          s.getArgLoc(1).getArgument().getKind() != TemplateArgument::Expression)
        return nullptr;
      return s.getArgLoc(1).getSourceExpression();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

class Patcher {
public:
  Patcher(ASTContext &ctx, const MacroLog &macros, const std::string &includeDir,
          const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated,
          SourcePatch &out)
      : ctx_(ctx), sm_(ctx.getSourceManager()), lo_(ctx.getLangOpts()), macros_(macros),
        includeDir_(includeDir.empty() ? "" : canonical(includeDir)), annotated_(annotated),
        rewriter_(sm_, lo_), out_(out), index_(sm_) {
    index_.build(ctx.getTranslationUnitDecl());
  }

  void apply(const std::vector<AccessEdit> &edits) {
    std::vector<const SourceLoc *> sites;
    for (auto &e : edits)
      if (std::find(sites.begin(), sites.end(), e.site) == sites.end())
        sites.push_back(e.site);
    for (const SourceLoc *site : sites)
      patchSite(site, edits);
    finishMacros();
    collect();
  }

private:
  struct Change {
    SourceLocation at; // a file location
    std::string before, after, change, reason;
    const SourceLoc *site = nullptr;
  };

  bool isUserFile(SourceLocation s) const {
    if (s.isInvalid() || sm_.isInSystemHeader(s))
      return false;
    if (includeDir_.empty())
      return true;
    PresumedLoc p = sm_.getPresumedLoc(s);
    return p.isValid() && canonical(p.getFilename()).rfind(includeDir_, 0) != 0;
  }

  /// Where the characters of the token at `l` that the user wrote are: the token itself
  /// when the user spelled it, else the name of the outermost macro of the tool's headers
  /// the user called (atomicAdd_block, not the scope inside its definition).
  SourceLocation userToken(SourceLocation l) const {
    for (int guard = 0; guard < 64 && l.isValid(); ++guard) {
      SourceLocation s = sm_.getSpellingLoc(l);
      if (isUserFile(s))
        return s;
      if (!l.isMacroID())
        return SourceLocation();
      l = sm_.getImmediateMacroCallerLoc(l);
    }
    return SourceLocation();
  }

  std::string tokenAt(SourceLocation s) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(s, s), sm_, lo_).str();
  }

  std::string where(SourceLocation s) const {
    PresumedLoc p = sm_.getPresumedLoc(s);
    return p.isValid() ? std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
                             std::to_string(p.getColumn())
                       : "?";
  }

  void refuse(const SourceLoc *site, const std::string &why) {
    out_.refused.push_back(toString(site) + ": " + why);
  }

  /// Replaces the token at `l` (resolved to what the user wrote) by its spelling of the new
  /// scope or order. A token in a macro definition waits for finishMacros.
  void replaceToken(SourceLocation l,
                    const std::function<std::optional<std::string>(const std::string &)> &rename,
                    const std::string &change, const AccessEdit &why) {
    SourceLocation s = userToken(l);
    if (s.isInvalid()) {
      refuse(why.site, "the " + change + " is written in no file of the user's");
      return;
    }
    std::string tok = tokenAt(s);
    auto repl = rename(tok);
    if (!repl) {
      refuse(why.site, "'" + tok + "' at " + where(s) + " has no spelling for " + change);
      return;
    }
    if (*repl == tok)
      return;
    Change c{s, tok, *repl, change, why.reason, why.site};
    if (const MacroLog::Macro *m = macros_.definitionHolding(s)) {
      pendingMacros_[m].push_back({c, useOf(l, m)});
      return;
    }
    add(c);
  }

  /// Where the user wrote the use of macro m that the token at `l` comes from (the macro's
  /// name there), or an invalid location when that is not in the user's files.
  SourceLocation useOf(SourceLocation l, const MacroLog::Macro *m) const {
    for (int guard = 0; guard < 64 && l.isMacroID(); ++guard) {
      if (sm_.isMacroBodyExpansion(l) &&
          macros_.definitionHolding(sm_.getImmediateSpellingLoc(l)) == m) {
        SourceLocation name = sm_.getSpellingLoc(sm_.getImmediateExpansionRange(l).getBegin());
        return isUserFile(name) && tokenAt(name) == m->name ? name : SourceLocation();
      }
      l = sm_.getImmediateMacroCallerLoc(l);
    }
    return SourceLocation();
  }

  void add(const Change &c) {
    for (auto &d : changes_)
      if (d.at == c.at && d.before == c.before) {
        if (d.after != c.after)
          out_.refused.push_back(where(c.at) + ": '" + c.before + "' would need both '" + d.after +
                                 "' and '" + c.after + "'");
        return;
      }
    changes_.push_back(c);
  }

  /// A macro's definition is edited when every use of it asked for the same change;
  /// otherwise each use that asked is spelled out with the new value (the other uses keep
  /// the macro), when the use is written in the user's file.
  void finishMacros() {
    for (auto &[m, asks] : pendingMacros_) {
      std::set<std::string> afters;
      std::set<unsigned> asked; // the uses that asked
      bool placed = true;
      for (auto &[c, use] : asks) {
        afters.insert(c.after);
        asked.insert(use.getRawEncoding());
        placed = placed && use.isValid();
      }
      if (afters.size() == 1 && placed && asked.size() >= m->uses.size()) {
        Change c = asks.front().first;
        c.reason += " (in the definition of the macro " + m->name + ": every use of it needs it)";
        add(c);
        continue;
      }
      if (placed) {
        for (auto &[c, use] : asks)
          add(Change{use, m->name, c.after, c.change,
                     c.reason + " (at this use of the macro " + m->name +
                         ", spelled out: its other uses keep the macro's value)",
                     c.site});
        continue;
      }
      std::string uses;
      for (auto u : m->uses)
        uses += (uses.empty() ? "" : ", ") + where(sm_.getExpansionLoc(u));
      out_.refused.push_back("the macro " + m->name + " (" + where(m->begin) + ") is used at " +
                             uses + "; " + std::to_string(asked.size()) + " of its " +
                             std::to_string(m->uses.size()) +
                             " uses asked for this change and a use that asked is not written in "
                             "the user's files, so the macro is left as it is");
    }
  }

  void patchSite(const SourceLoc *site, const std::vector<AccessEdit> &edits) {
    std::optional<Scope> to, from;
    bool atomic = false, order = false;
    const AccessEdit *first = nullptr;
    for (auto &e : edits) {
      if (e.site != site)
        continue;
      first = first ? first : &e;
      if (e.kind == AccessEdit::Kind::Scope || e.kind == AccessEdit::Kind::MakeAtomic) {
        to = to ? std::max(*to, e.to) : e.to;
        from = e.from;
        atomic = atomic || e.kind == AccessEdit::Kind::MakeAtomic;
      } else {
        order = true;
      }
    }
    std::vector<Expr *> calls = index_.at(*site);
    if (to && from) { // (set together)
      if (first->annotation)
        annotationScope(*first, *from, *to, atomic, edits, calls);
      else
        argumentScope(*first, *from, *to, calls);
    }
    if (order)
      argumentOrder(*first, orderAfter(edits, site), calls);
  }

  /// Whether the token at `l` reached the code through what the user wrote at the call (its
  /// arguments, the user's own macros), not from the body of a macro of the tool's headers
  /// (the default scope of a call that names none).
  bool writtenByUser(SourceLocation l) const {
    for (int guard = 0; guard < 64 && l.isMacroID(); ++guard) {
      if (sm_.isMacroBodyExpansion(l) && !isUserFile(sm_.getImmediateSpellingLoc(l)))
        return false;
      l = sm_.getImmediateMacroCallerLoc(l);
    }
    return true;
  }

  /// A call whose scope is the API's default (`atomic_store_explicit(p, v, order)` in OpenCL C
  /// and litmus bodies) gets the scope as an explicit last argument.
  bool appendScope(const Expr *c, Scope to, const std::string &change, const AccessEdit &e) {
    auto *call = dyn_cast<CallExpr>(c);
    if (!call)
      return false;
    SourceLocation name = sm_.getExpansionLoc(call->getBeginLoc());
    SourceLocation close = sm_.getExpansionRange(call->getEndLoc()).getEnd();
    if (!isUserFile(name) || !isUserFile(close) ||
        !StringRef(tokenAt(name)).ends_with("_explicit") || tokenAt(close) != ")")
      return false;
    auto spelled = renameScope("memory_scope_device", to);
    if (!spelled)
      return false;
    inserts_.push_back(Change{close, "", ", " + *spelled, change, e.reason, e.site});
    return true;
  }

  /// The scope of an access given by an argument or a CUDA name.
  void argumentScope(const AccessEdit &e, Scope from, Scope to, const std::vector<Expr *> &calls) {
    std::string change = std::string(scopeName(from)) + " -> " + std::string(scopeName(to));
    auto rename = [&](const std::string &t) { return renameScope(t, to); };
    for (Expr *c : calls)
      if (const Expr *arg = carrier(c, true)) {
        if (!writtenByUser(arg->getBeginLoc()) && appendScope(c, to, change, e))
          return;
        replaceToken(nameLoc(arg), rename, change, e);
        return;
      }
    // cuda::atomic_ref<T, cuda::thread_scope_block>: the object's type carries the scope (every
    // access through objects of that declaration widens; widening never breaks one).
    for (Expr *c : calls)
      if (auto tl = objectTypeLoc(c))
        if (const Expr *arg = templateScope(*tl)) {
          replaceToken(nameLoc(arg), rename, change, e);
          return;
        }
    for (Expr *c : calls)
      if (appendScope(c, to, change, e))
        return;
    // CUDA's scoped functions: the name carries the scope (atomicAdd_block -> atomicAdd).
    for (Expr *c : calls)
      if (auto *ce = dyn_cast<CallExpr>(c);
          ce && ce->getDirectCallee() &&
          renameScope(ce->getDirectCallee()->getNameAsString(), to)) {
        replaceToken(
            ce->getCallee()->getBeginLoc(),
            [&](const std::string &t) { return renameScope(t, to); }, change, e);
        return;
      }
    refuse(e.site, "no scope argument found for the access (" + change + ")");
  }

  void argumentOrder(const AccessEdit &e, MemOrder to, const std::vector<Expr *> &calls) {
    std::string change = orderWord(e.order == MemOrder::NotAtomic ? MemOrder::Relaxed : e.order) +
                         " -> " + orderWord(to);
    for (Expr *c : calls)
      if (const Expr *arg = carrier(c, false)) {
        replaceToken(
            nameLoc(arg), [&](const std::string &t) { return renameOrder(t, to); }, change, e);
        return;
      }
    refuse(e.site, "no order argument found for the access (" + change + ")");
  }

  /// A GPUMC-annotated access: the annotation call is renamed when every access it decided
  /// needs the same scope; otherwise the access is bracketed by annotations of its own.
  void annotationScope(const AccessEdit &e, Scope from, Scope to, bool makeAtomic,
                       const std::vector<AccessEdit> &edits,
                       const std::vector<Expr *> &accessCalls) {
    std::vector<Expr *> calls = index_.at(*e.annotation);
    const CallExpr *call = nullptr;
    for (Expr *c : calls)
      if (auto *ce = dyn_cast<CallExpr>(c);
          ce && ce->getDirectCallee() &&
          ce->getDirectCallee()->getName().starts_with("__VERIFIER_"))
        call = ce;
    if (!call) {
      refuse(e.site, "the annotation call at " + toString(e.annotation) + " was not found");
      return;
    }
    std::string change = makeAtomic
                             ? "plain -> relaxed atomic, " + std::string(scopeName(to)) + " scope"
                             : std::string(scopeName(from)) + " -> " + std::string(scopeName(to));
    SourceLocation callee = call->getCallee()->getBeginLoc();
    bool shared = false;
    if (auto it = annotated_.find(e.annotation); it != annotated_.end())
      for (const SourceLoc *other : it->second) {
        bool same = false;
        for (auto &o : edits)
          same = same ||
                 (o.site == other &&
                  (o.kind == AccessEdit::Kind::Scope || o.kind == AccessEdit::Kind::MakeAtomic) &&
                  o.to == to);
        shared = shared || !same;
      }
    if (makeAtomic && from >= to) // the thread's scope suffices: no longer a weak access
      to = from;
    if (!shared && !(makeAtomic && from < to)) {
      replaceToken(callee, [&](const std::string &) { return annotationName(to); }, change, e);
      return;
    }
    // Split: the access's statement gets its own annotation, then the thread's scope is
    // restored (a weak access's call becomes the annotation itself).
    const Stmt *stmt = accessCalls.empty() ? nullptr : statementOf(accessCalls.front());
    if (!stmt) {
      refuse(e.site, "the statement of the access was not found to split the annotation at " +
                         toString(e.annotation));
      return;
    }
    std::optional<std::string> toName = annotationName(to), fromName = annotationName(from);
    if (!fromName || (!makeAtomic && !toName)) {
      refuse(e.site, "no annotation call names the " +
                         std::string(scopeName(makeAtomic ? from : to)) +
                         " scope, to split the annotation at " + toString(e.annotation));
      return;
    }
    if (makeAtomic) {
      replaceToken(callee, [&](const std::string &) { return toName; }, change, e);
      insertAround(stmt, "", *fromName, change, e);
    } else {
      insertAround(stmt, *toName, *fromName, change, e);
    }
  }

  const Stmt *statementOf(const Expr *e) const {
    DynTypedNode n = DynTypedNode::create(*e);
    for (int guard = 0; guard < 64; ++guard) {
      auto parents = ctx_.getParents(n);
      if (parents.empty())
        return nullptr;
      if (parents[0].get<CompoundStmt>())
        return n.get<Stmt>();
      n = parents[0];
    }
    return nullptr;
  }

  void insertAround(const Stmt *s, const std::string &before, const std::string &after,
                    const std::string &change, const AccessEdit &e) {
    // Where the user wrote the statement: a macro call (stdatomic.h's atomic_exchange) is
    // taken whole, from its name to its closing parenthesis.
    SourceLocation b = sm_.getExpansionRange(s->getBeginLoc()).getBegin();
    SourceLocation end = sm_.getExpansionRange(s->getEndLoc()).getEnd();
    SourceLocation past = Lexer::findLocationAfterToken(end, tok::semi, sm_, lo_, false);
    if (past.isInvalid())
      past = Lexer::getLocForEndOfToken(end, 0, sm_, lo_);
    std::string indent(sm_.getSpellingColumnNumber(b) - 1, ' ');
    if (!before.empty())
      inserts_.push_back(Change{b, "", before + "();\n" + indent, change, e.reason, e.site});
    if (!after.empty())
      inserts_.push_back(Change{past, "", "\n" + indent + after + "();", change, e.reason, e.site});
  }

  void collect() {
    std::set<FileID> files;
    auto record = [&](const Change &c) {
      PresumedLoc p = sm_.getPresumedLoc(c.at);
      out_.edits.push_back(TextEdit{p.getFilename(), p.getLine(), p.getColumn(), c.before, c.after,
                                    c.change, c.reason, c.site});
      files.insert(sm_.getFileID(c.at));
    };
    for (auto &c : changes_) {
      rewriter_.ReplaceText(c.at, static_cast<unsigned>(c.before.size()), c.after);
      record(c);
    }
    std::set<std::pair<unsigned, std::string>> done;
    for (auto &c : inserts_) {
      if (!done.insert({c.at.getRawEncoding(), c.after}).second)
        continue;
      rewriter_.InsertTextBefore(c.at, c.after);
      record(c);
    }
    for (FileID f : files) {
      OptionalFileEntryRef fe = sm_.getFileEntryRefForID(f);
      std::string path =
          fe ? fe->getName().str() : sm_.getBufferName(sm_.getLocForStartOfFile(f)).str();
      out_.original[path] = sm_.getBufferData(f).str();
      if (const RewriteBuffer *rb = rewriter_.getRewriteBufferFor(f))
        out_.repaired[path] = std::string(rb->begin(), rb->end());
    }
  }

  ASTContext &ctx_;
  SourceManager &sm_;
  const LangOptions &lo_;
  const MacroLog &macros_;
  std::string includeDir_;
  const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated_;
  Rewriter rewriter_;
  SourcePatch &out_;
  CallIndex index_;
  std::vector<Change> changes_, inserts_;
  /// Changes asked of macro definitions, each with the use it came from (finishMacros).
  std::map<const MacroLog::Macro *, std::vector<std::pair<Change, SourceLocation>>> pendingMacros_;
};

class PatchAction final : public ASTFrontendAction {
public:
  PatchAction(const std::vector<AccessEdit> &edits, const std::string &includeDir,
              const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated,
              SourcePatch &out)
      : edits_(edits), includeDir_(includeDir), annotated_(annotated), out_(out) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override {
    auto log = std::make_unique<MacroLog>(ci.getSourceManager());
    macros_ = log.get();
    ci.getPreprocessor().addPPCallbacks(std::move(log));
    struct Consumer final : ASTConsumer {
      PatchAction &a;
      explicit Consumer(PatchAction &a) : a(a) {}
      void HandleTranslationUnit(ASTContext &ctx) override {
        Patcher(ctx, *a.macros_, a.includeDir_, a.annotated_, a.out_).apply(a.edits_);
      }
    };
    return std::make_unique<Consumer>(*this);
  }

private:
  const std::vector<AccessEdit> &edits_;
  std::string includeDir_;
  const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated_;
  SourcePatch &out_;
  MacroLog *macros_ = nullptr;
};

} // namespace

SourcePatch
patchSource(const std::string &file, const FrontendOptions &fo,
            const std::vector<AccessEdit> &edits,
            const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated) {
  SourcePatch out;
  if (edits.empty())
    return out;
  if (fs::path(file).extension() == ".ll")
    return patchIr(file, fo, edits);
  PatchAction action(edits, fo.includeDir, annotated, out);
  runClangAction(file, action, fo);
  return out;
}

} // namespace scopemc
