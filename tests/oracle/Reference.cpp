#include "tests/oracle/Reference.h"
#include "tests/oracle/Cat.h"
#include "tests/oracle/Relation.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <sstream>

namespace scopemc::oracle {

namespace {

// ---- events --------------------------------------------------------------------------------
struct REvent {
  enum Kind { R, W, F } kind;
  int thread; // -1 for initialisation writes
  int k;      // index among the thread's memory events
  int loc = -1;
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
  ThreadPos pos;
  int rmwPartner = -1; // read half <-> write half
  const Op *op = nullptr;
};

struct Candidate {
  const AbstractProgram &p;
  const CatModel &model;
  std::vector<REvent> ev;
  std::vector<int> rf;              // per event (reads only): the write it reads
  std::vector<std::vector<int>> co; // per location: writes in co order, init first
};

bool atomicEv(const REvent &e) { return e.order != MemOrder::NotAtomic; }

bool inclEv(const Candidate &c, size_t a, size_t b) {
  const REvent &x = c.ev[a], &y = c.ev[b];
  if (!atomicEv(x) || !atomicEv(y))
    return false;
  if (!c.p.scoped)
    return true;
  ThreadRef tx{x.thread, x.pos}, ty{y.thread, y.pos};
  return inScope(x.scope, tx, ty) && inScope(y.scope, ty, tx);
}

bool consistent(const Candidate &c) {
  size_t n = c.ev.size();
  auto isR = [&](size_t i) { return c.ev[i].kind == REvent::R; };
  auto sameLoc = [&](size_t a, size_t b) { return c.ev[a].loc >= 0 && c.ev[a].loc == c.ev[b].loc; };
  Rel po(n), rf(n), co(n), rmw(n), incl(n), loc(n);
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      const REvent &x = c.ev[a], &y = c.ev[b];
      bool p =
          (x.thread < 0 && y.thread >= 0) || (x.thread >= 0 && x.thread == y.thread && x.k < y.k);
      if (p)
        po.add(a, b);
      if (inclEv(c, a, b))
        incl.add(a, b);
      if (sameLoc(a, b))
        loc.add(a, b);
    }
  for (size_t a = 0; a < n; ++a) {
    if (isR(a))
      rf.add(static_cast<size_t>(c.rf[a]), a);
    if (isR(a) && c.ev[a].rmwPartner >= 0)
      rmw.add(a, static_cast<size_t>(c.ev[a].rmwPartner));
  }
  for (auto &order : c.co)
    for (size_t i = 0; i < order.size(); ++i)
      for (size_t j = i + 1; j < order.size(); ++j)
        co.add(static_cast<size_t>(order[i]), static_cast<size_t>(order[j]));
  auto ord = [&](auto pred) { return filter(n, [&](size_t i) { return pred(c.ev[i]); }); };
  std::map<std::string, Rel> base{
      {"po", po},
      {"rf", rf},
      {"co", co},
      {"rmw", rmw},
      {"loc", loc},
      {"incl", incl},
      {"W", ord([](const REvent &e) { return e.kind == REvent::W; })},
      {"R", ord([](const REvent &e) { return e.kind == REvent::R; })},
      {"F", ord([](const REvent &e) { return e.kind == REvent::F; })},
      {"A", ord([](const REvent &e) { return e.kind != REvent::F && atomicEv(e); })},
      {"REL", ord([](const REvent &e) { return e.thread >= 0 && isRelease(e.order); })},
      {"ACQ", ord([](const REvent &e) { return e.thread >= 0 && isAcquire(e.order); })},
      {"SC", ord([](const REvent &e) { return e.thread >= 0 && e.order == MemOrder::SeqCst; })}};
  return c.model.allows(base, n);
}

std::string canonicalOf(const std::vector<std::vector<std::string>> &threads,
                        const std::map<int, std::vector<std::string>> &co) {
  std::ostringstream os;
  for (size_t t = 0; t < threads.size(); ++t) {
    os << "T" << t + 1 << ":";
    for (auto &e : threads[t])
      os << " " << e;
    os << "\n";
  }
  for (auto &[l, ws] : co) {
    os << "co v" << l << ":";
    for (auto &w : ws)
      os << " " << w;
    os << "\n";
  }
  return os.str();
}

std::string name(const REvent &e) {
  return e.thread < 0 ? "init" : std::to_string(e.thread) + "." + std::to_string(e.k);
}

} // namespace

const CatModel &specifiedModel() {
  static const CatModel m = CatModel::load(SCOPEMC_CAT_MODEL);
  return m;
}

std::set<std::string> enumerateConsistent(const AbstractProgram &p, uint64_t maxCandidates,
                                          const CatModel *model) {
  const CatModel &m = model ? *model : specifiedModel();
  std::vector<std::pair<size_t, size_t>> cases;
  for (size_t t = 0; t < p.threads.size(); ++t)
    for (size_t i = 0; i < p.threads[t].ops.size(); ++i)
      if (p.threads[t].ops[i].kind == Op::Kind::Cas)
        cases.push_back({t, i});
  std::set<std::string> out;
  for (uint64_t mask = 0; mask < (1ull << cases.size()); ++mask) {
    Candidate c{p, m, {}, {}, {}};
    for (int l = 0; l < p.numLocs; ++l)
      c.ev.push_back(
          REvent{REvent::W, -1, 0, l, MemOrder::NotAtomic, Scope::System, {}, -1, nullptr});
    size_t casIdx = 0;
    for (size_t t = 0; t < p.threads.size(); ++t) {
      int k = 0;
      ThreadPos pos = p.threads[t].pos;
      for (const Op &op : p.threads[t].ops) {
        auto ev = [&](REvent::Kind kind, MemOrder o) {
          return REvent{kind, static_cast<int>(t) + 1,
                        k++,  kind == REvent::F ? -1 : op.loc,
                        o,    op.scope,
                        pos,  -1,
                        &op};
        };
        switch (op.kind) {
        case Op::Kind::Load:
        case Op::Kind::Await:
          c.ev.push_back(ev(REvent::R, op.order));
          break;
        case Op::Kind::Store:
          c.ev.push_back(ev(REvent::W, op.order));
          break;
        case Op::Kind::Fence:
          c.ev.push_back(ev(REvent::F, op.order));
          break;
        case Op::Kind::TtasAwait: // the test load, then the exchange (below)
          c.ev.push_back(ev(REvent::R, MemOrder::Relaxed));
          [[fallthrough]];
        default: {
          bool writes = true;
          if (op.kind == Op::Kind::Cas)
            writes = (mask >> casIdx++) & 1;
          c.ev.push_back(ev(REvent::R, rmwReadOrder(op.order)));
          if (writes) {
            c.ev.push_back(ev(REvent::W, rmwWriteOrder(op.order)));
            c.ev[c.ev.size() - 2].rmwPartner = static_cast<int>(c.ev.size() - 1);
            c.ev.back().rmwPartner = static_cast<int>(c.ev.size() - 2);
          }
        }
        }
      }
    }
    if (c.ev.size() > 64)
      throw TooLarge("too many events");
    size_t n = c.ev.size();
    std::vector<size_t> reads;
    std::vector<std::vector<int>> writesOf(static_cast<size_t>(p.numLocs));
    for (size_t i = 0; i < n; ++i) {
      if (c.ev[i].kind == REvent::R)
        reads.push_back(i);
      if (c.ev[i].kind == REvent::W && c.ev[i].thread >= 0)
        writesOf[static_cast<size_t>(c.ev[i].loc)].push_back(static_cast<int>(i));
    }
    // Count the candidates first.
    long double total = 1;
    for (size_t r : reads)
      total *= static_cast<long double>(writesOf[static_cast<size_t>(c.ev[r].loc)].size() + 1);
    for (auto &ws : writesOf)
      for (size_t k = 2; k <= ws.size(); ++k)
        total *= static_cast<long double>(k);
    if (total > static_cast<long double>(maxCandidates))
      throw TooLarge("too many candidate executions");

    c.rf.assign(n, -1);
    std::vector<std::vector<int>> perms = writesOf;
    for (auto &ws : perms)
      std::sort(ws.begin(), ws.end());
    // Iterate over all co orders (odometer over permutations) and rf choices.
    std::function<void(size_t)> chooseCo;
    std::function<void(size_t)> chooseRf = [&](size_t ri) {
      if (ri == reads.size()) {
        // values along rf and rmw; reject po U rf cycles found on the way
        std::vector<int> state(n, 0);
        std::vector<uint64_t> val(n, 0);
        bool cyclic = false;
        std::function<uint64_t(size_t)> value = [&](size_t i) -> uint64_t {
          if (state[i] == 2)
            return val[i];
          if (state[i] == 1) {
            cyclic = true;
            return 0;
          }
          state[i] = 1;
          const REvent &e = c.ev[i];
          uint64_t v = 0;
          if (e.kind == REvent::R)
            v = value(static_cast<size_t>(c.rf[i]));
          else if (e.kind == REvent::W && e.thread >= 0) {
            if (e.op->kind == Op::Kind::FetchAdd)
              v = value(static_cast<size_t>(e.rmwPartner)) + e.op->value;
            else
              v = e.op->value;
          }
          state[i] = 2;
          return val[i] = v;
        };
        for (size_t i = 0; i < n; ++i)
          value(i);
        if (cyclic)
          return;
        for (size_t r : reads) { // CAS outcome must match its value
          const REvent &e = c.ev[r];
          if (e.op && e.op->kind == Op::Kind::Cas &&
              ((val[r] == e.op->expected) != (e.rmwPartner >= 0)))
            return;
          if (e.op &&
              (e.op->kind == Op::Kind::Await || e.op->kind == Op::Kind::CasAwait ||
               e.op->kind == Op::Kind::TtasAwait) &&
              val[r] != e.op->expected)
            return; // the spin loop would not exit: not a complete execution
        }
        c.co.assign(static_cast<size_t>(p.numLocs), {});
        for (int l = 0; l < p.numLocs; ++l) {
          c.co[static_cast<size_t>(l)].push_back(l);
          for (int w : perms[static_cast<size_t>(l)])
            c.co[static_cast<size_t>(l)].push_back(w);
        }
        if (!consistent(c))
          return;
        std::vector<std::vector<std::string>> threads(p.threads.size());
        for (size_t i = static_cast<size_t>(p.numLocs); i < n; ++i) {
          const REvent &e = c.ev[i];
          std::string s;
          if (e.kind == REvent::R)
            s = "R" + std::to_string(e.loc) + "<" + name(c.ev[static_cast<size_t>(c.rf[i])]);
          else if (e.kind == REvent::W)
            s = "W" + std::to_string(e.loc) + "=" + std::to_string(val[i]);
          else
            s = "F";
          threads[static_cast<size_t>(e.thread - 1)].push_back(s);
        }
        std::map<int, std::vector<std::string>> co;
        for (int l = 0; l < p.numLocs; ++l)
          for (int w : perms[static_cast<size_t>(l)])
            co[l].push_back(name(c.ev[static_cast<size_t>(w)]));
        out.insert(canonicalOf(threads, co));
        return;
      }
      size_t r = reads[ri];
      int l = c.ev[r].loc;
      c.rf[r] = l; // init write of the location
      chooseRf(ri + 1);
      for (int w : writesOf[static_cast<size_t>(l)]) {
        c.rf[r] = w;
        chooseRf(ri + 1);
      }
    };
    chooseCo = [&](size_t l) {
      if (l == perms.size()) {
        chooseRf(0);
        return;
      }
      auto &ws = perms[l];
      std::sort(ws.begin(), ws.end());
      do {
        chooseCo(l + 1);
      } while (std::next_permutation(ws.begin(), ws.end()));
    };
    chooseCo(0);
  }
  return out;
}

std::string canonical(const ExecutionGraph &g, const std::function<int(Addr)> &locOf) {
  std::vector<std::vector<std::string>> threads;
  std::map<Event, std::string> names;
  for (ThreadId t = 1; t < g.numThreads(); ++t) {
    threads.emplace_back();
    int k = 0;
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      if (auto *m = dyn_cast<MemAccessLabel>(l)) {
        if (locOf(m->addr()) < 0)
          continue;
      } else if (!isa<FenceLabel>(l)) {
        continue;
      }
      names[l->pos()] = std::to_string(t) + "." + std::to_string(k++);
    }
  }
  auto nameOf = [&](Event e) { return e.isInit() ? std::string("init") : names.at(e); };
  for (ThreadId t = 1; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      if (!names.count(l->pos()))
        continue;
      std::string s;
      if (auto *r = dyn_cast<ReadLabel>(l))
        s = "R" + std::to_string(locOf(r->addr())) + "<" + nameOf(r->rf());
      else if (auto *w = dyn_cast<WriteLabel>(l))
        s = "W" + std::to_string(locOf(w->addr())) + "=" + std::to_string(w->value());
      else
        s = "F";
      threads[static_cast<size_t>(t - 1)].push_back(s);
    }
  std::map<int, std::vector<std::string>> co;
  for (auto &[a, li] : g.locations()) {
    int l = locOf(a);
    if (l < 0)
      continue;
    for (Event w : li.co)
      co[l].push_back(nameOf(w));
  }
  return canonicalOf(threads, co);
}

} // namespace scopemc::oracle
