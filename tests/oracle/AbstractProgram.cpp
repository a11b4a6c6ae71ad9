#include "tests/oracle/AbstractProgram.h"

#include <algorithm>
#include <sstream>

namespace scopemc::oracle {

namespace {

const char *cOrder(MemOrder o) {
  switch (o) {
  case MemOrder::Relaxed:
    return "memory_order_relaxed";
  case MemOrder::Acquire:
    return "memory_order_acquire";
  case MemOrder::Release:
    return "memory_order_release";
  case MemOrder::AcqRel:
    return "memory_order_acq_rel";
  case MemOrder::SeqCst:
    return "memory_order_seq_cst";
  default:
    return "?";
  }
}

MemOrder pick(std::mt19937_64 &rng, std::initializer_list<MemOrder> os) {
  std::uniform_int_distribution<size_t> d(0, os.size() - 1);
  return *(os.begin() + static_cast<long>(d(rng)));
}

int uniform(std::mt19937_64 &rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

/// The scope of an atomic op in a scoped program: block a third of the time, else device or
/// system.
Scope pickScope(std::mt19937_64 &rng) {
  if (uniform(rng, 0, 2) == 0)
    return Scope::Block;
  return uniform(rng, 0, 1) ? Scope::Device : Scope::System;
}

} // namespace

namespace {

AbstractProgram generateTtasLocks(std::mt19937_64 &rng, const GeneratorOptions &o) {
  // Each thread: [an access to v1] lock(v0) {one or two accesses to v1} unlock(v0) [an access].
  auto uni = [&](int lo, int hi) { return uniform(rng, lo, hi); };
  auto access = [&] {
    Op op;
    op.loc = 1;
    op.kind = uni(0, 1) ? Op::Kind::Load : Op::Kind::Store;
    op.value = static_cast<uint64_t>(uni(1, 3));
    op.order = pick(rng, {MemOrder::NotAtomic, MemOrder::Relaxed});
    return op;
  };
  AbstractProgram p;
  p.scoped = o.scoped;
  p.numLocs = 2;
  int n = uni(o.minThreads, std::min(o.maxThreads, 3));
  for (int t = 0; t < n; ++t) {
    AbstractThread th;
    if (o.scoped)
      th.pos = ThreadPos{0, static_cast<uint32_t>(uni(0, 1)), static_cast<uint32_t>(t)};
    if (uni(0, 3) == 0)
      th.ops.push_back(access());
    Op lock;
    lock.kind = Op::Kind::TtasAwait;
    lock.expected = 0;
    lock.value = 1;
    lock.order =
        pick(rng, {MemOrder::Relaxed, MemOrder::Acquire, MemOrder::AcqRel, MemOrder::SeqCst});
    th.ops.push_back(lock);
    for (int i = uni(1, 2); i > 0; --i)
      th.ops.push_back(access());
    Op unlock;
    unlock.kind = Op::Kind::Store;
    unlock.value = 0;
    unlock.order = pick(rng, {MemOrder::Relaxed, MemOrder::Release, MemOrder::SeqCst});
    th.ops.push_back(unlock);
    if (uni(0, 3) == 0)
      th.ops.push_back(access());
    if (o.scoped)
      for (auto &op : th.ops)
        if (op.order != MemOrder::NotAtomic)
          op.scope = pickScope(rng);
    p.threads.push_back(th);
  }
  return p;
}

} // namespace

AbstractProgram generate(std::mt19937_64 &rng, const GeneratorOptions &o) {
  if (o.ttasLocks)
    return generateTtasLocks(rng, o);
  auto uni = [&](int lo, int hi) { return uniform(rng, lo, hi); };
  auto casAwait = [&](Op &op) { // a lock acquire: 0 -> 1, or a hand-over 1 -> 2
    op.kind = Op::Kind::CasAwait;
    op.expected = static_cast<uint64_t>(uni(0, 1));
    op.value = op.expected + 1;
    op.order =
        pick(rng, {MemOrder::Relaxed, MemOrder::Acquire, MemOrder::AcqRel, MemOrder::SeqCst});
  };
  AbstractProgram p;
  p.scoped = o.scoped;
  p.numLocs = uni(1, o.maxLocs);
  int n = uni(o.minThreads, o.maxThreads);
  for (int t = 0; t < n; ++t) {
    AbstractThread th;
    if (o.scoped)
      th.pos = ThreadPos{static_cast<uint32_t>(uni(0, 1)), static_cast<uint32_t>(uni(0, 1)),
                         static_cast<uint32_t>(t)};
    int k = uni(o.minOps, o.maxOps);
    for (int i = 0; i < k; ++i) {
      Op op;
      op.loc = uni(0, p.numLocs - 1);
      if (o.scFencePercent > 0 && uni(0, 99) < o.scFencePercent) {
        op.kind = Op::Kind::Fence;
        op.order = MemOrder::SeqCst;
        if (o.scoped)
          op.scope = pickScope(rng);
        th.ops.push_back(op);
        continue;
      }
      int r = uni(0, 99);
      if (o.awaits && o.awaitPercent > 0) {
        if (r < o.awaitPercent && o.casAwaits && uni(0, 1)) {
          casAwait(op);
        } else if (r < o.awaitPercent) {
          op.kind = Op::Kind::Await;
          op.expected = static_cast<uint64_t>(uni(1, 3));
          op.order = pick(rng, {MemOrder::Relaxed, MemOrder::Acquire});
        } else if (r < 85) {
          op.kind = Op::Kind::Store;
          op.value = static_cast<uint64_t>(uni(1, 3));
          op.order = pick(rng, {MemOrder::Relaxed, MemOrder::Release});
        } else {
          op.kind = Op::Kind::FetchAdd;
          op.value = 1;
          op.order = pick(rng, {MemOrder::Relaxed, MemOrder::AcqRel});
        }
        th.ops.push_back(op);
        continue;
      }
      if (r < 35) {
        op.kind = Op::Kind::Load;
        op.order = pick(
            rng, {MemOrder::NotAtomic, MemOrder::Relaxed, MemOrder::Acquire, MemOrder::SeqCst});
      } else if (r < 70) {
        op.kind = Op::Kind::Store;
        op.value = static_cast<uint64_t>(uni(1, 3));
        op.order = pick(
            rng, {MemOrder::NotAtomic, MemOrder::Relaxed, MemOrder::Release, MemOrder::SeqCst});
      } else if (r < 80) {
        op.kind = Op::Kind::FetchAdd;
        op.value = 1;
        op.order = pick(rng, {MemOrder::Relaxed, MemOrder::Acquire, MemOrder::Release,
                              MemOrder::AcqRel, MemOrder::SeqCst});
      } else if (r < 85) {
        op.kind = Op::Kind::Xchg;
        op.value = static_cast<uint64_t>(uni(1, 2));
        op.order = pick(rng, {MemOrder::Relaxed, MemOrder::AcqRel, MemOrder::SeqCst});
      } else if (o.awaits && r < 90 && o.casAwaits && uni(0, 1)) {
        casAwait(op);
      } else if (o.awaits && r < 90) {
        op.kind = Op::Kind::Await;
        op.expected = static_cast<uint64_t>(uni(0, 2));
        op.order = pick(rng, {MemOrder::Relaxed, MemOrder::Acquire, MemOrder::SeqCst});
      } else if (r < 92) {
        op.kind = Op::Kind::Cas;
        op.expected = static_cast<uint64_t>(uni(0, 1));
        op.value = static_cast<uint64_t>(uni(1, 2));
        op.order =
            pick(rng, {MemOrder::Relaxed, MemOrder::Acquire, MemOrder::AcqRel, MemOrder::SeqCst});
      } else {
        op.kind = Op::Kind::Fence;
        op.order =
            pick(rng, {MemOrder::Acquire, MemOrder::Release, MemOrder::AcqRel, MemOrder::SeqCst});
      }
      if (o.scPercent && op.order != MemOrder::NotAtomic && op.kind != Op::Kind::Fence &&
          uni(0, 99) < o.scPercent)
        op.order = MemOrder::SeqCst;
      if (o.scoped && op.order != MemOrder::NotAtomic)
        op.scope = pickScope(rng);
      th.ops.push_back(op);
    }
    p.threads.push_back(th);
  }
  return p;
}

std::string AbstractProgram::describe() const {
  std::ostringstream os;
  os << "locations " << numLocs << (scoped ? ", scoped" : "") << "\n";
  for (size_t t = 0; t < threads.size(); ++t) {
    auto &th = threads[t];
    os << "  thread " << t + 1 << " (device " << th.pos.device << ", block " << th.pos.block
       << "):";
    for (auto &op : th.ops) {
      static const char *names[] = {"ld",    "st",    "fai",      "xchg", "cas",
                                    "fence", "await", "casawait", "ttas"};
      os << " " << names[static_cast<int>(op.kind)] << "(";
      if (op.kind != Op::Kind::Fence)
        os << "v" << op.loc << ",";
      os << orderName(op.order) << "," << scopeName(op.scope);
      if (op.kind == Op::Kind::Cas || op.kind == Op::Kind::CasAwait ||
          op.kind == Op::Kind::TtasAwait)
        os << "," << op.expected << "->" << op.value;
      else if (op.kind == Op::Kind::Await)
        os << ",==" << op.expected;
      else if (op.kind != Op::Kind::Load && op.kind != Op::Kind::Fence)
        os << "," << op.value;
      os << ")";
    }
    os << "\n";
  }
  if (!mainTail.empty()) {
    os << "  main after the creations:";
    for (const MainStep &m : mainTail)
      if (m.join >= 0)
        os << " join(" << m.join + 1 << ")";
      else
        os << " " << (m.op.kind == Op::Kind::Store ? "st" : "ld") << "(v" << m.op.loc << ","
           << orderName(m.op.order) << (m.op.kind == Op::Kind::Store ? "," : "")
           << (m.op.kind == Op::Kind::Store ? std::to_string(m.op.value) : "") << ")";
    os << "\n";
  }
  return os.str();
}

std::string toC(const AbstractProgram &p) {
  std::ostringstream os;
  os << "#include <pthread.h>\n#include <stdatomic.h>\n#include <genmc.h>\n\n";
  for (int l = 0; l < p.numLocs; ++l)
    os << "atomic_long v" << l << ";\n";
  for (size_t t = 0; t < p.threads.size(); ++t) {
    auto &th = p.threads[t];
    os << "\nvoid *t" << t << "(void *arg)\n{\n  long r = 0, e = 0; (void)r; (void)e;\n";
    if (p.scoped)
      os << "  __VERIFIER_thread_kernel_id(" << th.pos.device << ");\n  __VERIFIER_thread_group_id("
         << th.pos.block << ");\n  __VERIFIER_thread_local_id(" << th.pos.thread << ");\n";
    for (auto &op : th.ops) {
      if (p.scoped)
        os << "  __VERIFIER_memory_scope_"
           << (op.scope == Scope::Block    ? "work_group"
               : op.scope == Scope::Device ? "device"
                                           : "system")
           << "();\n";
      std::string v = "&v" + std::to_string(op.loc);
      switch (op.kind) {
      case Op::Kind::Load:
        if (op.order == MemOrder::NotAtomic)
          os << "  __VERIFIER_weak_access();\n  r = atomic_load_explicit(" << v
             << ", memory_order_relaxed);\n";
        else
          os << "  r = atomic_load_explicit(" << v << ", " << cOrder(op.order) << ");\n";
        break;
      case Op::Kind::Store:
        if (op.order == MemOrder::NotAtomic)
          os << "  __VERIFIER_weak_access();\n  atomic_store_explicit(" << v << ", " << op.value
             << ", memory_order_relaxed);\n";
        else
          os << "  atomic_store_explicit(" << v << ", " << op.value << ", " << cOrder(op.order)
             << ");\n";
        break;
      case Op::Kind::FetchAdd:
        os << "  r = atomic_fetch_add_explicit(" << v << ", " << op.value << ", "
           << cOrder(op.order) << ");\n";
        break;
      case Op::Kind::Xchg:
        os << "  r = atomic_exchange_explicit(" << v << ", " << op.value << ", " << cOrder(op.order)
           << ");\n";
        break;
      case Op::Kind::Cas: {
        MemOrder fail = op.order == MemOrder::AcqRel ? MemOrder::Acquire : op.order;
        os << "  e = " << op.expected << ";\n  atomic_compare_exchange_strong_explicit(" << v
           << ", &e, " << op.value << ", " << cOrder(op.order) << ", " << cOrder(fail) << ");\n";
        break;
      }
      case Op::Kind::CasAwait: {
        MemOrder fail = op.order == MemOrder::AcqRel ? MemOrder::Acquire : op.order;
        os << "  e = " << op.expected << ";\n  while (!atomic_compare_exchange_strong_explicit("
           << v << ", &e, " << op.value << ", " << cOrder(op.order) << ", " << cOrder(fail)
           << "))\n    e = " << op.expected << ";\n";
        break;
      }
      case Op::Kind::TtasAwait:
        os << "  for (;;) {\n    while (atomic_load_explicit(" << v
           << ", memory_order_relaxed) != " << op.expected
           << ")\n      ;\n    if (atomic_exchange_explicit(" << v << ", " << op.value << ", "
           << cOrder(op.order) << ") == " << op.expected << ")\n      break;\n  }\n";
        break;
      case Op::Kind::Fence:
        os << "  atomic_thread_fence(" << cOrder(op.order) << ");\n";
        break;
      case Op::Kind::Await:
        os << "  while (atomic_load_explicit(" << v << ", " << cOrder(op.order)
           << ") != " << op.expected << ")\n    ;\n";
        break;
      }
    }
    os << "  return NULL;\n}\n";
  }
  os << "\nint main(void)\n{\n  pthread_t th[" << p.threads.size() << "];\n";
  for (size_t t = 0; t < p.threads.size(); ++t)
    os << "  pthread_create(&th[" << t << "], NULL, t" << t << ", NULL);\n";
  os << "  return 0;\n}\n";
  return os.str();
}

MemOrder rmwReadOrder(MemOrder o) {
  if (o == MemOrder::SeqCst)
    return o;
  return (o == MemOrder::Acquire || o == MemOrder::AcqRel) ? MemOrder::Acquire : MemOrder::Relaxed;
}

MemOrder rmwWriteOrder(MemOrder o) {
  if (o == MemOrder::SeqCst)
    return o;
  return (o == MemOrder::Release || o == MemOrder::AcqRel) ? MemOrder::Release : MemOrder::Relaxed;
}

// --- ScriptedRunner ----------------------------------------------------------------------

void ScriptedRunner::resetThread(ThreadId t, const ThreadEntry &entry, ThreadPos pos) {
  if (t >= static_cast<ThreadId>(states_.size()))
    states_.resize(static_cast<size_t>(t) + 1);
  State s;
  s.script = t == 0 ? -1 : static_cast<int>(entry.function);
  s.pos = (t == 0 || !prog_.scoped) ? pos : prog_.threads[static_cast<size_t>(s.script)].pos;
  states_[static_cast<size_t>(t)] = s;
}

int32_t ScriptedRunner::saveThread(ThreadId t, uint32_t slot) {
  snapshots_.save(t, slot, states_[static_cast<size_t>(t)]);
  return states_[static_cast<size_t>(t)].index;
}

void ScriptedRunner::restoreThread(ThreadId t, uint32_t slot) {
  states_[static_cast<size_t>(t)] = snapshots_.at(t, slot);
}

SiteFootprintPtr ScriptedRunner::sitesOf(const State &s) const {
  // One block per op, in a chain: an op's events stay at its block until its last one.
  auto sf = std::make_shared<SiteFootprint>();
  auto reach = std::make_shared<ResumeReach>();
  auto block = [&](std::pair<uint64_t, uint64_t> range, bool writes) {
    sf->ranges.push_back(range);
    reach->writes.push_back(writes);
    reach->inBlock.push_back({static_cast<uint32_t>(reach->inBlock.size())});
  };
  // (a load, and the spin of an await, only read)
  auto writes = [](const Op &op) {
    return op.kind != Op::Kind::Load && op.kind != Op::Kind::Await;
  };
  if (s.script < 0) {
    block({0, ~uint64_t{0}}, true); // its creations: the threads may access anything
    for (const MainStep &m : prog_.mainTail)
      block({m.join >= 0 ? 0 : locAddr(m.op.loc), m.join >= 0 ? 0 : 8}, m.join < 0 && writes(m.op));
  } else {
    for (const Op &op : prog_.threads[static_cast<size_t>(s.script)].ops)
      block({op.kind == Op::Kind::Fence ? 0 : locAddr(op.loc), op.kind == Op::Kind::Fence ? 0 : 8},
            writes(op));
  }
  for (uint32_t b = 0; b < reach->inBlock.size(); ++b) {
    reach->points.push_back({b, 0}); // at the op
    reach->points.push_back({b, 1}); // past it
    reach->later.emplace_back();
    for (uint32_t k = b + 1; k < reach->inBlock.size(); ++k)
      reach->later.back().push_back(k);
  }
  sf->reach = std::move(reach);
  return sf;
}

uint32_t ScriptedRunner::pointOf(const State &s, const EventLabel &l) const {
  if (isa<ThreadStartLabel>(&l))
    return 0;
  if (s.script < 0) { // main: its creations, then its tail's steps
    size_t n = prog_.threads.size(), step = s.op < n ? 0 : s.op - n;
    if (s.op < n)
      return 1;
    if (step >= prog_.mainTail.size()) // its finish: past its last block
      return 2 * static_cast<uint32_t>(prog_.mainTail.size()) + 2;
    uint32_t b = static_cast<uint32_t>(step + 1);
    return isa<ThreadJoinLabel>(&l) ? 2 * b + 1 : 2 * b + 2;
  }
  const auto &ops = prog_.threads[static_cast<size_t>(s.script)].ops;
  if (ops.empty())
    return 0;
  if (s.op >= ops.size())
    return 2 * static_cast<uint32_t>(ops.size() - 1) + 2;
  Op::Kind k = ops[s.op].kind;
  auto *w = dyn_cast<WriteLabel>(&l);
  bool past = k == Op::Kind::Load || k == Op::Kind::Store || k == Op::Kind::Fence ||
              (w && w->isRmwPart() &&
               (k == Op::Kind::FetchAdd || k == Op::Kind::Xchg || k == Op::Kind::Cas));
  return 2 * static_cast<uint32_t>(s.op) + (past ? 2 : 1);
}

bool ScriptedRunner::offer(State &s, EventSink &sink, const EventLabel &l, uint64_t *v) {
  SinkReply r = sink.offer(l, pointOf(s, l));
  if (r.status == SinkReply::Status::Stop)
    return false;
  ++s.index;
  if (v)
    *v = r.value;
  return true;
}

RunStatus ScriptedRunner::runMain(State &s, EventSink &sink) {
  ThreadId self = 0;
  while (s.op < prog_.threads.size()) {
    int cls = prog_.threads[s.op].symmetry;
    SymmetryKey key =
        cls < 0 ? nullptr
                : std::make_shared<const std::vector<uint64_t>>(1, static_cast<uint64_t>(cls));
    ThreadCreateLabel c(Event{self, s.index}, s.pos, nullptr,
                        ThreadEntry{s.op, 0, std::nullopt, {}, nullptr, key, nullptr, nullptr});
    if (!offer(s, sink, c))
      return RunStatus::Stopped;
    ++s.op;
  }
  for (size_t k; (k = s.op - prog_.threads.size()) < prog_.mainTail.size(); ++s.op) {
    const MainStep &m = prog_.mainTail[k];
    Event e{self, s.index};
    Addr a = locAddr(m.op.loc);
    bool ok =
        m.join >= 0 ? offer(s, sink, ThreadJoinLabel(e, s.pos, nullptr, m.join + 1))
        : m.op.kind == Op::Kind::Store
            ? offer(s, sink,
                    WriteLabel(e, s.pos, m.op.order, m.op.scope, nullptr, a, 8, m.op.value, false))
            : offer(s, sink, ReadLabel(e, s.pos, m.op.order, m.op.scope, nullptr, a, 8));
    if (!ok)
      return RunStatus::Stopped;
  }
  if (!offer(s, sink, ThreadFinishLabel(Event{self, s.index}, s.pos, nullptr, 0)))
    return RunStatus::Stopped;
  return RunStatus::Finished;
}

RunStatus ScriptedRunner::blockSpin(ThreadId t, State &s, EventSink &sink, int32_t start,
                                    bool awaitsLastRead) {
  // The iteration read no value that lets the loop exit: the thread blocks (docs/dpor.md §4).
  if (!offer(
          s, sink,
          BlockLabel(Event{t, s.index}, s.pos, nullptr, BlockReason::SpinLoop, awaitsLastRead))) {
    s.index = start;
    return RunStatus::Stopped;
  }
  return RunStatus::Finished;
}

RunStatus ScriptedRunner::run(ThreadId t, EventSink &sink) {
  State &s = states_[static_cast<size_t>(t)];
  if (!s.started) {
    ThreadStartLabel start(Event{t, s.index}, s.pos, Event::init());
    start.setSites(sitesOf(s));
    if (!offer(s, sink, start))
      return RunStatus::Stopped;
    s.started = true;
  }
  if (s.script < 0)
    return runMain(s, sink);
  const auto &ops = prog_.threads[static_cast<size_t>(s.script)].ops;
  while (s.op < ops.size()) {
    const Op &op = ops[s.op];
    int32_t start = s.index;
    Event e{t, s.index};
    Addr a = locAddr(op.loc);
    bool ok = true;
    switch (op.kind) {
    case Op::Kind::Load:
      ok = offer(s, sink, ReadLabel(e, s.pos, op.order, op.scope, nullptr, a, 8));
      break;
    case Op::Kind::Await: { // a spin loop: an iteration that does not see the value blocks
      uint64_t v = 0;
      ok = offer(s, sink, ReadLabel(e, s.pos, op.order, op.scope, nullptr, a, 8), &v);
      if (ok && v != op.expected)
        return blockSpin(t, s, sink, start, true);
      break;
    }
    case Op::Kind::TtasAwait: { // the test load blocks alone; a failed exchange blocks the attempt
      uint64_t v = 0, old = 0;
      ok = offer(s, sink, ReadLabel(e, s.pos, MemOrder::Relaxed, op.scope, nullptr, a, 8), &v);
      if (ok && v != op.expected)
        return blockSpin(t, s, sink, start, true);
      RmwInfo rmw{RmwOp::Xchg, op.value, op.expected, false};
      ok = ok && offer(s, sink,
                       ReadLabel(Event{t, s.index}, s.pos, rmwReadOrder(op.order), op.scope,
                                 nullptr, a, 8, rmw),
                       &old);
      ok = ok && offer(s, sink,
                       WriteLabel(Event{t, s.index}, s.pos, rmwWriteOrder(op.order), op.scope,
                                  nullptr, a, 8, op.value, true));
      if (ok && old != op.expected)
        return blockSpin(t, s, sink, start, false);
      break;
    }
    case Op::Kind::Store:
      ok = offer(s, sink, WriteLabel(e, s.pos, op.order, op.scope, nullptr, a, 8, op.value, false));
      break;
    case Op::Kind::Fence:
      ok = offer(s, sink, FenceLabel(e, s.pos, op.order, op.scope, nullptr));
      break;
    case Op::Kind::FetchAdd:
    case Op::Kind::Xchg:
    case Op::Kind::Cas:
    case Op::Kind::CasAwait: {
      bool cas = op.kind == Op::Kind::Cas || op.kind == Op::Kind::CasAwait;
      RmwInfo rmw{cas                         ? RmwOp::Cas
                  : op.kind == Op::Kind::Xchg ? RmwOp::Xchg
                                              : RmwOp::Add,
                  op.value, op.expected, false};
      uint64_t old = 0;
      MemOrder ro = rmwReadOrder(op.order);
      ok = offer(s, sink, ReadLabel(e, s.pos, ro, op.scope, nullptr, a, 8, rmw), &old);
      if (ok && op.kind == Op::Kind::CasAwait && old != op.expected) { // the spin loop blocks
        return blockSpin(t, s, sink, start, true);
      }
      if (ok && (!cas || old == op.expected)) {
        uint64_t nv = op.kind == Op::Kind::FetchAdd ? old + op.value : op.value;
        ok = offer(s, sink,
                   WriteLabel(Event{t, s.index}, s.pos, rmwWriteOrder(op.order), op.scope, nullptr,
                              a, 8, nv, true));
      }
      break;
    }
    }
    if (!ok) {
      s.index = start;
      return RunStatus::Stopped;
    }
    ++s.op;
  }
  if (!offer(s, sink, ThreadFinishLabel(Event{t, s.index}, s.pos, nullptr, 0)))
    return RunStatus::Stopped;
  return RunStatus::Finished;
}

} // namespace scopemc::oracle
