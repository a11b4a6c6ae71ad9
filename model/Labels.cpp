#include "model/Labels.h"

#include "model/Pool.h"

#include <sstream>

namespace scopemc {

void *EventLabel::operator new(size_t size) { return poolAllocate(size); }

void EventLabel::operator delete(void *p, size_t size) { poolFree(p, size); }

std::string toString(Event e) {
  if (e.isInit())
    return "INIT";
  return "T" + std::to_string(e.thread) + ":" + std::to_string(e.index);
}

std::string_view orderName(MemOrder o) {
  switch (o) {
  case MemOrder::NotAtomic:
    return "na";
  case MemOrder::Relaxed:
    return "rlx";
  case MemOrder::Acquire:
    return "acq";
  case MemOrder::Release:
    return "rel";
  case MemOrder::AcqRel:
    return "acq_rel";
  case MemOrder::SeqCst:
    return "sc";
  }
  return "?";
}

std::string toString(const SourceLoc *loc) {
  if (!loc || loc->file.empty())
    return "<unknown>";
  return loc->file + ":" + std::to_string(loc->line) + ":" + std::to_string(loc->col);
}

bool ReadLabel::rmwWrites(uint64_t value) const {
  if (rmw_.op == RmwOp::None)
    return false;
  if (rmw_.op != RmwOp::Cas)
    return true;
  uint64_t mask = size() >= 8 ? ~0ull : ((1ull << (size() * 8)) - 1);
  return (value & mask) == (rmw_.expected & mask);
}

namespace {
std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}
const char *blockName(BlockReason r) {
  switch (r) {
  case BlockReason::Assume:
    return "assume";
  case BlockReason::SpinLoop:
    return "spin loop";
  case BlockReason::LoopBound:
    return "loop bound";
  case BlockReason::Lock:
    return "lock";
  case BlockReason::IdleRound:
    return "idle round";
  }
  return "?";
}
} // namespace

std::string describe(const EventLabel &l) {
  std::ostringstream os;
  auto modeScope = [&]() {
    os << orderName(l.order());
    if (isAtomic(l.order()))
      os << "," << scopeName(l.scope());
  };
  switch (l.kind()) {
  case EventLabel::Kind::Read: {
    auto &r = cast<ReadLabel>(l);
    os << (r.isRmw() ? "U" : "R") << "(";
    modeScope();
    os << ") " << hex(r.addr()) << " <- " << toString(r.rf());
    break;
  }
  case EventLabel::Kind::Write: {
    auto &w = cast<WriteLabel>(l);
    os << (w.isRmwPart() ? "Urmw" : "W") << "(";
    modeScope();
    os << ") " << hex(w.addr()) << " = " << static_cast<int64_t>(w.value());
    break;
  }
  case EventLabel::Kind::Fence:
    os << "F(";
    modeScope();
    os << ")";
    break;
  case EventLabel::Kind::ThreadStart:
    os << "start";
    break;
  case EventLabel::Kind::ThreadFinish:
    os << "finish";
    break;
  case EventLabel::Kind::ThreadCreate:
    os << "create T" << cast<ThreadCreateLabel>(l).child();
    break;
  case EventLabel::Kind::ThreadJoin:
    os << "join T" << cast<ThreadJoinLabel>(l).child();
    break;
  case EventLabel::Kind::Alloc:
    os << "alloc " << hex(cast<AllocLabel>(l).addr());
    break;
  case EventLabel::Kind::Free: {
    auto &f = cast<FreeLabel>(l);
    os << (f.isRetire() ? "retire " : "free ") << hex(f.addr());
    break;
  }
  case EventLabel::Kind::Hazard: {
    auto &h = cast<HazardLabel>(l);
    os << "hazard pointer " << hex(h.slot()) << " protects " << hex(h.target());
    break;
  }
  case EventLabel::Kind::Block:
    os << "blocked (" << blockName(cast<BlockLabel>(l).reason()) << ")";
    break;
  case EventLabel::Kind::Error:
    os << "error: " << cast<ErrorLabel>(l).message();
    break;
  case EventLabel::Kind::BarrierArrive:
  case EventLabel::Kind::BarrierDepart: {
    auto &b = cast<BarrierLabel>(l);
    os << (l.kind() == EventLabel::Kind::BarrierArrive ? "barrier arrive " : "barrier depart ")
       << hex(b.barrier()) << " #" << b.instance() << " (" << scopeName(b.scope()) << ", "
       << b.count() << " threads)";
    if (auto *d = dyn_cast<BarrierDepartLabel>(&l); d && d->serial() == d->thread())
      os << " serial";
    break;
  }
  }
  return os.str();
}

std::string_view kindName(EventLabel::Kind k) {
  switch (k) {
#define SCOPEMC_LABEL(K, C, N)                                                                     \
  case EventLabel::Kind::K:                                                                        \
    return N;
#include "model/LabelKinds.def"
  }
  return "?";
}

std::unique_ptr<EventLabel> EventLabel::clone() const {
  return visit(*this, [](const auto &l) -> std::unique_ptr<EventLabel> {
    return std::make_unique<std::decay_t<decltype(l)>>(l);
  });
}

bool EventLabel::assignFrom(const EventLabel &o) {
  if (kind_ != o.kind_)
    return false;
  visit(*this, [&](auto &l) { l = static_cast<const std::decay_t<decltype(l)> &>(o); });
  return true;
}

} // namespace scopemc
