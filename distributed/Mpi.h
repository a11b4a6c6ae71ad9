// The messages of a distributed search over MPI (Open MPI): point-to-point, tagged byte
// strings on MPI_COMM_WORLD. One thread of each process makes every MPI call
// (MPI_THREAD_FUNNELED); sends never block it.
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
/// it when destroyed.
class MpiSession {
public:
  MpiSession(int &argc, char **&argv);
  ~MpiSession();
  MpiSession(const MpiSession &) = delete;
  MpiSession &operator=(const MpiSession &) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  std::string host() const;
  /// Ends every process of the run with `code` (a rank was lost: MPI_Finalize would wait for it).
  [[noreturn]] void abort(int code);

private:
  int rank_ = 0, size_ = 1;
};

class MpiTransport {
public:
  MpiTransport();
  ~MpiTransport();
  int rank() const { return rank_; }
  int size() const { return size_; }
  /// Queues a message; to this process's own rank it is delivered by the next poll.
  void send(int dest, int tag, std::vector<uint8_t> bytes);
  /// The next message that has arrived, if any; completes finished sends.
  std::optional<Message> poll();
  /// Waits (polling) until every send has completed or `seconds` have passed.
  void flush(double seconds);

  uint64_t messagesSent = 0, bytesSent = 0, messagesReceived = 0, bytesReceived = 0;

private:
  struct Pending;
  void completeSends();

  int rank_ = 0, size_ = 1;
  std::deque<Message> self_;
  std::vector<Pending *> pending_;
};

} // namespace scopemc
