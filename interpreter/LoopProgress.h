// The loop-progress rules (docs/dpor.md §4): what a loop iteration does that counts as
// progress, and when an iteration that ended left none, so that running it again could only
// repeat it (the interpreter then blocks the thread: GenMC's spin-assume convention).
//
// Contract: one object per thread, fed every event the thread offers (noteEvent), every RMW's
// old and new value (noteRmw) and every heap block it allocates (noteAllocation), in program
// order. leftNoEffect(s, now) holds only if, since start s was taken:
// - the thread made no effect: no write, other than one that rewrites, byte for byte, what
//   the thread last wrote to a heap block it allocated and has not published (no pointer
//   into it written or returned, no thread created, no release since the allocation, never
//   read back); no RMW that changed its location (even one a later RMW undoes: another
//   thread may read the value between them); no allocation, free, thread creation or join,
//   barrier (reads, fences, blocks, errors and, with zero net effect, hazard pointers are
//   none);
// - its scope, weak-access state and placement are as they were, unless an annotation set
//   them before the iteration's first event (then their value at the start is dead).
// Every header value of the loop and the thread's private memory are the interpreter's to
// compare: they must be as they were (a value a CAS or a load refreshed is progress).
// idleRound(s, now) holds the same way except that the iteration also called barriers: calls
// of one barrier (not a collective), at least one; the interpreter then marks the thread's
// next call of it (BarrierArriveLabel::idleFrom, docs/dpor.md §4 "Idle rounds").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "model/Labels.h"

namespace scopemc {

/// The thread state an iteration must leave as it found it, besides memory.
struct AnnotationState {
  Scope scope = Scope::System;
  bool weakNext = false; // __VERIFIER_weak_access: the next access is plain
  ThreadPos pos;         // a placement annotation changes the thread's events
  // The values rand(), __VERIFIER_nondet_*, time() and clock() give next: an iteration that
  // drew one does not repeat itself (the next draw may leave the loop).
  uint64_t randState = 0;
  uint32_t nondetCalls = 0;
  uint64_t clock = 0;      // time() and clock(): a loop that waits for the clock makes progress
  uint32_t asyncNoted = 0; // OpenCL's asynchronous copies noted: each one is work to do
  uint32_t fileCalls = 0;  // file calls that moved or changed a stream (a loop reading on)
};

class LoopProgress {
public:
  /// What an iteration's end is compared with.
  struct Start {
    int32_t events = 0;         // the thread's next event index
    int32_t effects = 0;        // effects so far
    int32_t ownRewrites = 0;    // writes taken as rewrites of unpublished own blocks so far
    int32_t barrierEvents = 0;  // barrier events (not collectives) so far
    uint64_t privateStores = 0; // private stores logged so far
    AnnotationState state;
    // Set by an annotation before the iteration's first event: the value the iteration
    // started with is never read, so it is not compared when the iteration ends.
    bool scopeSet = false, weakSet = false;
  };
  /// Where an instruction that will run again (its events replayed) takes the count back to.
  struct Mark {
    int32_t effects = 0, ownRewrites = 0;
    int32_t barrierEvents = 0, barrierSince = 0;
    uint64_t lastBarrier = 0;
    uint32_t lastInstance = 0;
    uint64_t privateStores = 0;
    size_t ownWords = 0;
  };

  /// `zeroNetEffect`: rewrites of unpublished own blocks and hazard pointers are no effect
  /// (InterpreterOptions::zeroNetEffect); off: only the strict rule.
  /// `checked` false (a test waived Premise::ZeroNetEffectUnobserved): a published block still
  /// counts as unpublished, and any write to it as a rewrite of what the thread last wrote.
  LoopProgress() = default;
  explicit LoopProgress(bool zeroNetEffect, bool checked = true)
      : zeroNetEffect_(zeroNetEffect), checked_(checked) {}

  /// About how many machine words a copy of this record copies (Interpreter::snapshotCost);
  /// a hash node (an allocation and an insertion) counts as 32.
  size_t copyWords() const {
    return 32 * ownWords_.size() + 2 * ownWordsLog_.size() + 4 * privateStores_.size() +
           2 * ownAllocs_.size();
  }
  /// Accounts an offered event (effects, releases, own blocks read).
  void noteEvent(const EventLabel &lab);
  /// An RMW at `addr` of `size` bytes wrote `newv` over `old`.
  void noteRmw(uint64_t addr, uint32_t size, uint64_t old, uint64_t newv);
  /// The thread allocated [addr, addr + size) on the heap with its event `event`.
  void noteAllocation(uint64_t addr, uint64_t size, int32_t event) {
    ownAllocs_.push_back(OwnAlloc{addr, size, event});
  }
  /// The size of the latest block the thread allocated at `addr`, if it allocated one there.
  std::optional<uint64_t> ownAllocationSize(uint64_t addr) const;
  /// Whether w writes a block the thread allocated and has not published yet: no pointer
  /// into it written or returned, no thread created, no release since its allocation, and
  /// not read back by the thread.
  bool isUnpublished(const WriteLabel &w) const;

  Mark mark() const {
    return Mark{effects_,     ownRewrites_,  barrierEvents_, barrierSince_,
                lastBarrier_, lastInstance_, privateEnd(),   ownWordsLog_.size()};
  }
  /// The instructions before the current one will not run again (Interpreter::step): their
  /// part of the undo log goes (a host loop filling a large block kept a log of every byte).
  void instructionStarts() { ownWordsLog_.clear(); }
  void rewind(Mark m) {
    effects_ = m.effects;
    ownRewrites_ = m.ownRewrites;
    barrierEvents_ = m.barrierEvents;
    barrierSince_ = m.barrierSince;
    lastBarrier_ = m.lastBarrier;
    lastInstance_ = m.lastInstance;
    rewindPrivate(m.privateStores);
    rewindOwnWords(m.ownWords);
  }
  Start start(int32_t nextEvent, const AnnotationState &now) const {
    return Start{nextEvent, effects_, ownRewrites_, barrierEvents_, privateEnd(), now};
  }
  /// A scope (`weak` false) or weak-access annotation ran: in each of `starts` (the current
  /// function's loops) whose iteration has made no event yet, that state's start is dead.
  static void annotationBeforeEvents(std::span<Start> starts, int32_t nextEvent, bool weak);
  /// Whether the iteration that began at `s` ended with no net effect, the thread now in
  /// state `now`.
  bool leftNoEffect(const Start &s, const AnnotationState &now) const;
  /// Whether the iteration that began at `s` counted a write as a rewrite of an unpublished
  /// own block: its block then rests on a premise the exploration checks
  /// (BlockLabel::reliesOnOwnHeap). Publication is judged by the values the thread writes;
  /// a pointer disguised by arithmetic escapes that judgement, not the check.
  bool reliedOnOwnHeap(const Start &s) const { return ownRewrites_ != s.ownRewrites; }
  /// An idle round: the iteration that began at `s` would have left no effect but for its
  /// calls of one barrier, which it made at least once.
  struct Idle {
    uint64_t barrier = 0;
    uint32_t from = 0;         // the instance of the iteration's first call of it
    int32_t barrierEvents = 0; // the barrier events the thread had made when it ended
  };
  std::optional<Idle> idleRound(const Start &s, const AnnotationState &now) const;
  /// A store to the thread's private memory (no event) at `offset` of `size` bytes, which
  /// held `old` and now hold something else. The interpreter compares, at a back edge, what
  /// the iteration's private stores overwrote with what the memory holds now: a loop that
  /// counts in a private array makes progress there.
  struct PrivateStore {
    uint64_t offset, old;
    uint32_t size;
  };
  void notePrivateStore(uint64_t offset, uint32_t size, uint64_t old);
  /// The private stores since `s` began, oldest first; none when they were too many to keep
  /// (the iteration then counts as one that changed private memory).
  std::optional<std::span<const PrivateStore>> privateStoresSince(const Start &s) const;
  /// Whether the thread made no barrier event since `i` was taken (its next call of the
  /// barrier is then the one right after the idle iteration's last).
  bool noBarrierSince(const Idle &i) const { return barrierEvents_ == i.barrierEvents; }

private:
  /// Memory this thread allocated: until it makes a release or reads the block, no other
  /// thread can reach it, so writing it is no effect for loops.
  struct OwnAlloc {
    uint64_t addr, size;
    int32_t event;            // the allocation's event index
    bool readByOwner = false; // a loop that reads it back (a counter) makes progress in it
    bool published = false;   // its address may be known to another thread
  };

  uint64_t privateEnd() const { return privateBase_ + privateStores_.size(); }
  /// Marks the own blocks that `lab` may make known to other threads.
  void notePublication(const EventLabel &lab);
  /// Whether w writes an unpublished own block with the bytes the thread last wrote there
  /// (its content stays as it was: no effect); logs the bytes either way.
  bool rewritesUnpublished(const WriteLabel &w);
  void rewindOwnWords(size_t end);
  void rewindPrivate(uint64_t end);
  /// Whether the iteration that began at `s` left no effect but barrier events.
  bool noEffectButBarriers(const Start &s, const AnnotationState &now) const;

  bool zeroNetEffect_ = true;
  bool checked_ = true;
  int32_t effects_ = 0;     // events with an effect on memory or threads, barriers apart
  int32_t ownRewrites_ = 0; // writes taken as rewrites of unpublished own blocks
  // Barrier events (not collectives): how many, the latest one's barrier and instance, and
  // how many there were when the barrier last changed.
  int32_t barrierEvents_ = 0;
  uint64_t lastBarrier_ = 0;
  uint32_t lastInstance_ = 0;
  int32_t barrierSince_ = 0;
  int32_t lastRelease_ = -1; // index of the latest release event
  // The private stores logged, the first of them the privateBase_-th of the thread: older
  // ones are dropped once kPrivateKept more follow them.
  static constexpr size_t kPrivateKept = 256;
  std::vector<PrivateStore> privateStores_;
  uint64_t privateBase_ = 0;
  std::vector<OwnAlloc> ownAllocs_;
  // The bytes of own blocks as the thread last wrote them, by aligned 8-byte word (a mask
  // of the bytes written), and the log that undoes the current instruction's writes.
  struct OwnWord {
    uint64_t bytes = 0;
    uint8_t written = 0; // bit b: byte b holds what the thread wrote
  };
  std::unordered_map<uint64_t, OwnWord> ownWords_;        // by address / 8
  std::vector<std::pair<uint64_t, OwnWord>> ownWordsLog_; // (word, as it was before)
};

} // namespace scopemc
