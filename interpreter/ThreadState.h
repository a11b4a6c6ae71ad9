// The state of one interpreted thread: its call stack with the registers of each frame, its
// private memory, its annotations and what the library functions it called keep (barriers,
// launches, streams, a bulk operation in progress). Plain data: the interpreter copies it
// for snapshots (Interpreter::saveThread), and the library functions (interpreter/Calls.h)
// read and change it for the thread they run on.
//
// Contract: a copy is a snapshot. Its shared parts (file contents, the entry's data, a
// launch's join list) are const or changed only when not shared (copy on write); the rest is
// owned. Its pointers (fi, bb, pc, source locations) point into the Program, which outlives
// every interpreter; `resume` into the interpreter's own symmetry analysis, so a state means
// something only to the interpreter that made it. Only that interpreter, on its worker, reads
// or changes it: nothing here is shared between workers.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <llvm/IR/BasicBlock.h>

#include "interpreter/LoopProgress.h"
#include "program/Program.h"

namespace scopemc {

class ResumeTable;

/// How a memory event accesses memory: its order and, for atomics, its scope.
struct Access {
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
  const SourceLoc *annotation = nullptr; // MemAccessLabel::annotation
  /// A memcpy's piece (MemAccessLabel::copiedFrom): a read sets it to any non-zero value,
  /// a write to the address of the bytes it copies.
  uint64_t copiedFrom = 0;
  int32_t copyReads = -1; // a copy's write: MemAccessLabel::copyReads
};
inline constexpr Access kPlain{};

/// One call of a function: where it is, its registers and its loops' state.
struct CallFrame {
  const FunctionInfo *fi = nullptr;
  const llvm::BasicBlock *bb = nullptr;
  llvm::BasicBlock::const_iterator pc;
  std::vector<RtValue> regs;
  std::vector<uint32_t> loopIters; // back edges taken in the current instance of each loop
  std::vector<LoopProgress::Start> loopStarts; // the thread as the current iteration began
  uint64_t privMark = 0;
};
struct ThreadState {
  ThreadId tid = 0;
  ThreadPos pos;
  ThreadEntry entry;
  bool started = false;
  bool placed = false;
  bool weakNext = false; // __VERIFIER_weak_access: the next access is plain
  Scope scope = Scope::System;
  const SourceLoc *scopeFrom = nullptr; // the annotation call that set `scope`
  const SourceLoc *weakFrom = nullptr;  // the call that set `weakNext`
  std::vector<CallFrame> stack;
  /// The points of the thread's entry function, when its sites are known (ResumePoints.h):
  /// each event it offers says where the thread goes on (at the entry function's call, for
  /// an event of a function it called).
  const ResumeTable *resume = nullptr;
  int32_t nextIndex = 0;
  LoopProgress progress; // what the thread's loop iterations did (docs/dpor.md §4)
  /// The thread's latest loop iteration that was idle but for calls of one barrier.
  std::optional<LoopProgress::Idle> idle;
  std::vector<uint8_t> priv;
  // No stack object starts at offset 0 (see Program::layoutGlobals).
  uint64_t privTop = addr::kStackStart, sharedTop = addr::kStackStart, heapTop = 16;
  /// The live stack objects of the thread, (offset, end) in ascending order: private ones
  /// are dropped when their frame returns, shared ones stay (their lifetime is not checked).
  std::vector<std::pair<uint64_t, uint64_t>> privObjects, sharedObjects;
  std::vector<std::pair<uint64_t, uint32_t>> barrierCalls; // (barrier, calls so far)
  uint32_t groupSize = 0;                                  // __VERIFIER_groupsize
  std::optional<uint32_t>
      globalId; // __VERIFIER_thread_global_id, placed once the group size is known
  /// A bulk operation (memset, memcpy) stopped part-way: the pieces before `off` are
  /// done (their events replayed), so running the instruction again continues there
  /// instead of offering every piece again (Memory.cpp).
  struct Bulk {
    const llvm::Instruction *inst = nullptr;
    uint64_t off = 0;
    bool storing = false;                               // memcpy: reading done, storing from `off`
    std::vector<uint8_t> buf;                           // memcpy: the bytes read so far
    std::vector<bool> skip;                             // memcpy: padding pieces (not copied)
    int32_t firstRead = -1;                             // memcpy: the index of its first event
    std::vector<ThreadId> threads;                      // a launch: the threads it created so far
    std::shared_ptr<const std::vector<ThreadId>> joins; // the run of joins being made
  } bulk;
  uint32_t nondetCalls = 0; // __VERIFIER_nondet_* calls so far (the value is a function of it)
  /// OpenCL's pending asynchronous copies (dst, src, n, stride, shape, event), performed by
  /// the wait (include/scopemc/opencl.h), and how many were ever noted.
  std::vector<std::array<uint64_t, 6>> asyncCopies;
  uint32_t asyncNoted = 0;
  uint64_t randState = 1; // rand's generator, as srand(1) leaves it (Builtins.cpp)
  uint64_t clock = 0;     // the thread's clock: each time() or clock() call moves it on
  std::vector<std::pair<uint64_t, uint64_t>> hazards; // (hazard pointer, what it protects)
  struct Launch {
    std::vector<ThreadId> threads;
    bool waited = false;
  };
  std::vector<Launch> launches;                          // kernels this thread launched
  std::vector<std::pair<uint32_t, uint32_t>> blocksUsed; // (device, blocks launched there)
  /// CUDA streams of this host thread (Cuda.cpp): the default stream (handle 0) first; the
  /// stream thread of each one's latest launch (-1: none), joined ones forgotten.
  struct Stream {
    uint64_t handle = 0;
    ThreadId last = -1;
    bool blocking = true; // synchronises with the legacy default stream
  };
  std::vector<Stream> streams;
  /// The files the thread opened (interpreter/Files.h): slot k is FILE* addr::fileHandle(tid,
  /// k) and descriptor k (of thread 0; others' are offset by tid << 16); 0-2 are standard
  /// input, output and error. Contents are shared and copied on write.
  struct OpenFile {
    std::shared_ptr<const std::string> data;
    std::string path; // where a written file's contents go when it is closed (written)
    uint64_t pos = 0;
    bool open = false, readable = false, writable = false, append = false;
    bool eof = false, error = false;
  };
  std::vector<OpenFile> files;
  uint32_t fileCalls = 0; // calls that may have moved or changed a file (loop progress)
  /// The files the thread wrote and closed: what it reads when it opens them again.
  std::vector<std::pair<std::string, std::shared_ptr<const std::string>>> written;
  /// The launch configuration `<<<...>>>` pushed and the kernel's stub pops.
  std::vector<uint64_t> launchConfig;
};

/// The address an access to `a` by thread `th` reaches: its block's copy of block-shared
/// memory, `a` itself otherwise.
inline uint64_t locate(const ThreadState &th, uint64_t a) {
  if (!addr::isBlockShared(a))
    return a;
  uint64_t key = 1 + ((static_cast<uint64_t>(th.pos.device) & 0xF) << 16) + (th.pos.block & 0xFFFF);
  return addr::sharedTemplate(a) + (key << addr::kBlockShift);
}

} // namespace scopemc
