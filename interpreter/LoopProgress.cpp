#include "interpreter/LoopProgress.h"
#include "program/Bits.h"

namespace scopemc {

void LoopProgress::noteEvent(const EventLabel &lab) {
  // Reads, fences, blocks and errors are no effect; an RMW's write half is judged by the RMW
  // (noteRmw); a write that rewrites what the thread last wrote to a block no other thread
  // can reach yet is none.
  if (isRelease(lab.order()))
    lastRelease_ = lab.index();
  notePublication(lab);
  if (auto *r = dyn_cast<ReadLabel>(&lab)) {
    if (r->onHeap())
      for (OwnAlloc &a : ownAllocs_)
        if (r->addr() >= a.addr && r->addr() < a.addr + a.size)
          a.readByOwner = true;
    return;
  }
  if (auto *w = dyn_cast<WriteLabel>(&lab)) {
    if (!w->isRmwPart())
      ++(rewritesUnpublished(*w) ? ownRewrites_ : effects_);
    return;
  }
  // A hazard pointer set by the iteration is none either (GenMC treats protect as pure): the
  // next iteration, reading the same values, protects the same pointer and makes no event.
  if (isa<HazardLabel>(&lab) && zeroNetEffect_)
    return;
  // A barrier call that is not a collective: counted apart (idle rounds). A collective
  // passes values between the lanes: an effect.
  auto *b = dyn_cast<BarrierLabel>(&lab);
  auto *a = dyn_cast<BarrierArriveLabel>(&lab);
  auto *d = dyn_cast<BarrierDepartLabel>(&lab);
  if (b && !(a && a->collective().op != CollectiveOp::None) && !(d && d->isCollective())) {
    if (b->barrier() != lastBarrier_ || barrierEvents_ == 0)
      barrierSince_ = barrierEvents_;
    lastBarrier_ = b->barrier();
    lastInstance_ = b->instance();
    ++barrierEvents_;
    return;
  }
  if (!isa<FenceLabel>(&lab) && !isa<BlockLabel>(&lab) && !isa<ErrorLabel>(&lab))
    ++effects_;
}

void LoopProgress::notePrivateStore(uint64_t offset, uint32_t size, uint64_t old) {
  if (privateStores_.size() >= 2 * kPrivateKept) {
    privateStores_.erase(privateStores_.begin(),
                         privateStores_.begin() + static_cast<std::ptrdiff_t>(kPrivateKept));
    privateBase_ += kPrivateKept;
  }
  privateStores_.push_back(PrivateStore{offset, old, size});
}

void LoopProgress::rewindPrivate(uint64_t end) {
  if (end >= privateBase_) {
    privateStores_.resize(end - privateBase_);
    return;
  }
  privateStores_.clear(); // (dropped meanwhile: iterations begun before count as changed)
  privateBase_ = end;
}

std::optional<std::span<const LoopProgress::PrivateStore>>
LoopProgress::privateStoresSince(const Start &s) const {
  if (s.privateStores < privateBase_)
    return std::nullopt;
  return std::span<const PrivateStore>(privateStores_).subspan(s.privateStores - privateBase_);
}

std::optional<uint64_t> LoopProgress::ownAllocationSize(uint64_t addr) const {
  std::optional<uint64_t> size;
  for (const OwnAlloc &a : ownAllocs_)
    if (a.addr == addr)
      size = a.size;
  return size;
}

void LoopProgress::notePublication(const EventLabel &lab) {
  // A block is published once its address may be known to another thread: a pointer into
  // it written anywhere (whatever the order: a relaxed store publishes too), returned by the
  // thread, or any thread created after it (its argument may be the block).
  if (ownAllocs_.empty())
    return;
  std::optional<uint64_t> pointer;
  if (auto *w = dyn_cast<WriteLabel>(&lab))
    pointer = w->value();
  else if (auto *f = dyn_cast<ThreadFinishLabel>(&lab))
    pointer = f->returnValue();
  bool creates = isa<ThreadCreateLabel>(&lab);
  for (OwnAlloc &a : ownAllocs_)
    if (creates || (pointer && *pointer >= a.addr && *pointer < a.addr + a.size))
      a.published = true;
}

bool LoopProgress::isUnpublished(const WriteLabel &w) const {
  if (!zeroNetEffect_ || !w.onHeap() || isRelease(w.order()))
    return false;
  for (const OwnAlloc &a : ownAllocs_)
    if (w.addr() >= a.addr && w.addr() + w.size() <= a.addr + a.size)
      return a.event > lastRelease_ && !a.readByOwner && (!a.published || !checked_);
  return false;
}

bool LoopProgress::rewritesUnpublished(const WriteLabel &w) {
  // Each word is logged with what it held before, so that a rewound instruction (rewind)
  // takes its bytes back too.
  if (!isUnpublished(w))
    return false;
  bool same = true;
  uint64_t logged = ~uint64_t{0}; // the word logged last by this write
  for (uint32_t b = 0; b < w.size() && b < 8; ++b) {
    uint64_t at = w.addr() + b, word = at >> 3;
    unsigned shift = 8 * static_cast<unsigned>(at & 7);
    auto bit = static_cast<uint8_t>(1u << (at & 7));
    uint64_t byte = (w.value() >> (8 * b)) & 0xff;
    OwnWord &now = ownWords_[word];
    same = same && (now.written & bit) && ((now.bytes >> shift) & 0xff) == byte;
    if (word != logged) {
      ownWordsLog_.push_back({word, now});
      logged = word;
    }
    now.bytes = (now.bytes & ~(uint64_t{0xff} << shift)) | (byte << shift);
    now.written |= bit;
  }
  return (same || !checked_) && w.size() <= 8;
}

void LoopProgress::rewindOwnWords(size_t end) {
  while (ownWordsLog_.size() > end) {
    auto [word, before] = ownWordsLog_.back();
    ownWordsLog_.pop_back();
    if (before.written == 0)
      ownWords_.erase(word);
    else
      ownWords_[word] = before;
  }
}

void LoopProgress::noteRmw(uint64_t addr, uint32_t size, uint64_t old, uint64_t newv) {
  (void)addr;
  uint64_t m = maskBits(size * 8);
  if ((old & m) == (newv & m))
    return; // wrote back what it read
  // An RMW that changed its location is an effect, even if a later one of the iteration
  // undoes it (a fetch_sub undone by a fetch_add, a lock taken and given back): another
  // thread may read the value between them (a load, a CAS that fails on it), and nothing
  // here can tell that no thread will (docs/dpor.md §4).
  ++effects_;
}

void LoopProgress::annotationBeforeEvents(std::span<Start> starts, int32_t nextEvent, bool weak) {
  for (Start &s : starts)
    if (s.events == nextEvent)
      (weak ? s.weakSet : s.scopeSet) = true;
}

bool LoopProgress::leftNoEffect(const Start &s, const AnnotationState &now) const {
  return barrierEvents_ == s.barrierEvents && noEffectButBarriers(s, now);
}

std::optional<LoopProgress::Idle> LoopProgress::idleRound(const Start &s,
                                                          const AnnotationState &now) const {
  // At least one call, all of one barrier, each an arrival and its departure: the
  // iteration's first call is the latest instance less the calls it made.
  int32_t n = barrierEvents_ - s.barrierEvents;
  // (An idle round's premise is not checked at the end of the execution: one that counted
  // rewrites of own blocks as no effect is none.)
  if (n <= 0 || n % 2 != 0 || barrierSince_ > s.barrierEvents || reliedOnOwnHeap(s) ||
      !noEffectButBarriers(s, now))
    return std::nullopt;
  auto calls = static_cast<uint32_t>(n / 2);
  if (lastInstance_ + 1 < calls)
    return std::nullopt;
  return Idle{lastBarrier_, lastInstance_ + 1 - calls, barrierEvents_};
}

bool LoopProgress::noEffectButBarriers(const Start &s, const AnnotationState &now) const {
  // Annotation state the iteration consumed (a weak access set and used) or overwrote before
  // reading it is no effect: the next iteration starts in the state this one did.
  if (effects_ != s.effects || (!s.scopeSet && now.scope != s.state.scope) ||
      (!s.weakSet && now.weakNext != s.state.weakNext) || !(now.pos == s.state.pos) ||
      now.randState != s.state.randState || now.nondetCalls != s.state.nondetCalls ||
      now.clock != s.state.clock || now.asyncNoted != s.state.asyncNoted ||
      now.fileCalls != s.state.fileCalls)
    return false;
  return true;
}

} // namespace scopemc
