#include "distributed/Mpi.h"

#include <chrono>
#include <stdexcept>
#include <thread>

#include <mpi.h>

namespace scopemc {

MpiSession::MpiSession(int &argc, char **&argv) {
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
    throw std::runtime_error("MPI_Init_thread failed");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

std::string MpiSession::host() const {
  char name[MPI_MAX_PROCESSOR_NAME];
  int len = 0;
  MPI_Get_processor_name(name, &len);
  return std::string(name, static_cast<size_t>(len));
}

void MpiSession::abort(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

struct MpiTransport::Pending {
  std::vector<uint8_t> bytes;
  MPI_Request request = MPI_REQUEST_NULL;
};

MpiTransport::MpiTransport() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiTransport::~MpiTransport() {
  for (Pending *p : pending_) { // (a lost peer: its sends cannot complete)
    MPI_Request_free(&p->request);
    delete p;
  }
}

void MpiTransport::send(int dest, int tag, std::vector<uint8_t> bytes) {
  if (dest == rank_) {
    self_.push_back(Message{rank_, tag, std::move(bytes)});
    return;
  }
  ++messagesSent;
  bytesSent += bytes.size();
  auto *p = new Pending{std::move(bytes), MPI_REQUEST_NULL};
  int rc = MPI_Isend(p->bytes.data(), static_cast<int>(p->bytes.size()), MPI_BYTE, dest, tag,
                     MPI_COMM_WORLD, &p->request);
  if (rc != MPI_SUCCESS) { // (the peer is gone: the coordinator notices its silence)
    delete p;
    return;
  }
  pending_.push_back(p);
}

void MpiTransport::completeSends() {
  size_t kept = 0;
  for (Pending *p : pending_) {
    int done = 0;
    if (MPI_Test(&p->request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS || done)
      delete p;
    else
      pending_[kept++] = p;
  }
  pending_.resize(kept);
}

std::optional<Message> MpiTransport::poll() {
  completeSends();
  if (!self_.empty()) {
    Message m = std::move(self_.front());
    self_.pop_front();
    return m;
  }
  int flag = 0;
  MPI_Status st;
  if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS || !flag)
    return std::nullopt;
  int count = 0;
  MPI_Get_count(&st, MPI_BYTE, &count);
  Message m{st.MPI_SOURCE, st.MPI_TAG, std::vector<uint8_t>(static_cast<size_t>(count))};
  if (MPI_Recv(m.bytes.data(), count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return std::nullopt;
  ++messagesReceived;
  bytesReceived += m.bytes.size();
  return m;
}

void MpiTransport::flush(double seconds) {
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!pending_.empty() && std::chrono::steady_clock::now() < until) {
    completeSends();
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

} // namespace scopemc
