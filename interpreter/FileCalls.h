// The file functions as calls (Files.h says what they do): each reads its arguments, makes
// the loads or stores of the bytes it moves, and changes the stream's state only once they
// are all done (a stopped call runs again from its start). Calls routes the File builtin
// here; it acts through the interpreter's CallHost interface only.
//
// Contract: one per interpreter (Calls owns it), used by that interpreter only: its FileSource
// caches what it read from the disk. All else a call changes is the calling thread's
// (ThreadState::files, written, fileCalls), so snapshots and replays carry it. A stream of
// another thread, a path outside the readable folders (unless the call creates the file), a
// printf or scanf conversion it does not do and a string past 4096 bytes throw InputError at
// the call's file:line; a FILE* or descriptor of no open file and more conversions than
// arguments are the program's errors (CallHost::fail).
#pragma once

#include <string>

#include "interpreter/CallHost.h"
#include "interpreter/Files.h"

namespace scopemc {

class FileCalls {
public:
  using Thread = ThreadState;
  using Frame = CallFrame;

  explicit FileCalls(CallHost &host) : host_(host), source_(host.options().files) {}
  /// Runs file function `op` called by `i`.
  Flow call(Thread &th, Frame &f, const llvm::CallBase &i, FileOp op);

private:
  Flow run(Thread &th, Frame &f, const llvm::CallBase &i, FileOp op);
  /// fopen (`posix` false) or open.
  Flow open(Thread &th, Frame &f, const llvm::CallBase &i, bool posix);
  /// fscanf, sscanf (format argument 1) or scanf (0), reading `s`.
  Flow scan(Thread &th, Frame &f, const llvm::CallBase &i, ThreadState::OpenFile &s,
            unsigned formatArg);
  /// The text printf's format (argument `formatArg`) and the arguments after it make;
  /// refuses a conversion it does not write (%n, %ls, long double).
  Flow format(Thread &th, Frame &f, const llvm::CallBase &i, unsigned formatArg, std::string &out);
  /// sprintf, snprintf: the text formatted into the buffer; the call's result is its length.
  Flow printTo(Thread &th, Frame &f, const llvm::CallBase &i);
  /// strtod, strtof, atof.
  Flow parseFloat(Thread &th, Frame &f, const llvm::CallBase &i);
  /// The open file a FILE* (`fd` false) or descriptor names, null if none; refuses one of
  /// another thread.
  ThreadState::OpenFile *fileOf(Thread &th, const llvm::CallBase &i, uint64_t handle, bool fd);
  /// Reads the C string at `a`, a byte at a time (a load each).
  Flow loadCString(Thread &th, const llvm::CallBase &i, uint64_t a, std::string &out);
  uint64_t arg(const Frame &f, const llvm::CallBase &i, unsigned k) const {
    return host_.bits(f, i.getArgOperand(k));
  }
  Flow result(Frame &f, const llvm::CallBase &i, uint64_t v) const {
    if (!i.getType()->isVoidTy())
      host_.setBits(f, i, v);
    return Flow::Next;
  }

  CallHost &host_;
  FileSource source_;
};

} // namespace scopemc
