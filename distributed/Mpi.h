// The messages of a distributed search over MPI (Open MPI): point-to-point, tagged byte
// strings on MPI_COMM_WORLD. One thread of each process makes every MPI call
// (MPI_THREAD_FUNNELED); sends never block it. The only code that calls MPI; MpiBackend.h
// and cli/mpi_main.cpp sit on it.
//
// Contract: the thread that made the MpiSession makes every call of both classes (neither is
// thread-safe). MPI errors are returned, not fatal: a send MPI refuses (its rank gone) is
// dropped silently, a receive that fails gives no message; a lost rank is noticed by its
// silence (MpiBackend), never here. Messages between two ranks arrive in the order sent.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace scopemc {

struct Message {
  int source = 0;
  int tag = 0;
  std::vector<uint8_t> bytes;
};

/// Starts MPI for the process (funneled threads, errors returned rather than fatal) and ends
/// it when destroyed. One per process, made before any MpiTransport.
class MpiSession {
public:
  /// Throws std::runtime_error when MPI cannot start. MPI may take its own arguments out.
  MpiSession(int &argc, char **&argv);
  /// MPI_Finalize: waits for every rank (after a lost rank, abort instead).
  ~MpiSession();
  MpiSession(const MpiSession &) = delete;
  MpiSession &operator=(const MpiSession &) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  std::string host() const; // the processor's name, as MPI gives it
  /// Ends every process of the run with `code` (a rank was lost: MPI_Finalize would wait for it).
  [[noreturn]] void abort(int code);

private:
  int rank_ = 0, size_ = 1;
};

/// Non-blocking tagged sends and polled receives; it keeps each message's bytes until MPI has
/// sent them.
class MpiTransport {
public:
  MpiTransport();
  /// Frees the sends not completed (a lost peer's can never complete).
  ~MpiTransport();
  int rank() const { return rank_; }
  int size() const { return size_; }
  /// Queues a message; to this process's own rank it is delivered by the next poll.
  void send(int dest, int tag, std::vector<uint8_t> bytes);
  /// The next message that has arrived, if any (its own rank's first, then any source);
  /// completes finished sends.
  std::optional<Message> poll();
  /// Waits (polling) until every send has completed or `seconds` have passed.
  void flush(double seconds);

  /// Messages to and from other ranks (a rank's messages to itself are not counted).
  uint64_t messagesSent = 0, bytesSent = 0, messagesReceived = 0, bytesReceived = 0;

private:
  struct Pending;
  void completeSends();

  int rank_ = 0, size_ = 1;
  std::deque<Message> self_;
  std::vector<Pending *> pending_;
};

} // namespace scopemc
