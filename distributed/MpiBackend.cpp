// The message loop of one distributed search: every rank runs it on its main thread while its
// LocalPool explores; rank 0 also coordinates (Coordinator.h).
#include "distributed/MpiBackend.h"

#include <sys/resource.h>

#include <atomic>
#include <cmath>
#include <exception>
#include <thread>

#include <nlohmann/json.hpp>

#include "distributed/Coordinator.h"
#include "distributed/LocalPool.h"
#include "dpor/Replay.h"
#include "model/Errors.h"

namespace scopemc {

// (the wire form of a rank's figures: every field by its name)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RankStats, rank, host, messagesSent, bytesSent, parts, given,
                                   replayedSteps, complete, blocked, wallSeconds, idleSeconds,
                                   exploringSeconds, cpuSeconds)

namespace {

enum Tag : int {
  kIdle = 1,  // rank -> 0: nothing left to explore
  kAsk,       // 0 -> rank: give a branch away
  kGive,      // rank -> 0: the answer (a path, or empty)
  kWork,      // 0 -> rank: a branch to explore (a path)
  kErrorPath, // rank -> 0: the path of an error found
  kStopped,   // rank -> 0: this rank stopped (an error, a limit)
  kStop,      // 0 -> rank: stop exploring
  kDone,      // 0 -> rank: the search is over
  kResult,    // rank -> 0: its result and figures (JSON)
  kFinal,     // 0 -> rank: the merged result (JSON)
  kProgress,  // rank -> 0: executions finished so far (also the rank's heartbeat)
  kWarning,   // rank -> 0: an exploration warning
  kEstimate,  // rank -> 0: its share of an estimate (JSON)
  kEstimated  // 0 -> rank: the combined estimate (JSON)
};

/// Before a rank's first message it may still be compiling the program.
constexpr double kStartupGraceSeconds = 600;

std::vector<uint8_t> bytesOf(const std::string &s) { return {s.begin(), s.end()}; }

/// Why the search or estimate failed when rank r fell silent for `limit` seconds.
std::string lostRankText(int r, double limit, const char *missing) {
  char why[240];
  std::snprintf(why, sizeof why,
                "rank %d stopped answering (killed, out of memory, or its machine was lost; "
                "silent for %.0f s): %s",
                r, limit, missing);
  return why;
}
std::string textOf(const std::vector<uint8_t> &b) { return {b.begin(), b.end()}; }

double cpuSeconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

nlohmann::json wire(const std::vector<const SourceLoc *> &loops) {
  nlohmann::json j = nlohmann::json::array();
  for (const SourceLoc *l : loops)
    j.push_back({l->file, l->line, l->col, l->function, l->directory});
  return j;
}
template <typename T> nlohmann::json wire(const T &v) { return v; }

void unwire(const nlohmann::json &j, std::vector<const SourceLoc *> &loops,
            std::deque<SourceLoc> &locs) {
  for (auto &l : j) {
    locs.push_back(SourceLoc{l[0], l[1], l[2], l[3], l[4]});
    loops.push_back(&locs.back());
  }
}
template <typename T> void unwire(const nlohmann::json &j, T &v, std::deque<SourceLoc> &) {
  v = j.get<T>();
}

nlohmann::json resultJson(const ExplorationResult &r) {
  nlohmann::json j;
  forEachResultField([&](const char *name, auto member) { j[name] = wire(r.*member); });
  return j;
}

ExplorationResult resultFrom(const nlohmann::json &j, std::deque<SourceLoc> &locs) {
  ExplorationResult r;
  forEachResultField([&](const char *name, auto member) { unwire(j.at(name), r.*member, locs); });
  return r;
}

} // namespace

MpiBackend::MpiBackend(MpiTransport &net, DistributedOptions opts, std::string host)
    : net_(net), opts_(opts), host_(std::move(host)) {}

/// One explore() call: the loop, the coordinator's state on rank 0, the figures.
class MpiBackend::Run {
public:
  Run(MpiBackend &b, const ParallelSetup &setup, const ExplorationOptions &opts)
      : b_(b), net_(b.net_), me_(net_.rank()), n_(net_.size()), opts_(opts), coord_(n_),
        heard_(static_cast<size_t>(n_), start_), heardOnce_(static_cast<size_t>(n_), false),
        progress_(static_cast<size_t>(n_), 0) {
    if (me_ == 0) { // rank 0's observer of the errors other ranks found (before any worker)
      reproRunner_ = setup.makeRunner();
      ExplorationOptions quiet = opts;
      quiet.onProgress = nullptr;
      quiet.onWarning = nullptr;
      repro_ = std::make_unique<Explorer>(*reproRunner_, setup.makeObserver(), quiet);
    }
    pool_ = std::make_unique<LocalPool>(setup, opts,
                                        LocalPool::Options{std::max(1u, opts.workers), me_ != 0});
  }

  ExplorationResult go() {
    if (me_ == 0)
      pool_->startWholeSearch();
    while (!done_) {
      bool busy = false;
      while (auto m = net_.poll()) {
        busy = true;
        if (me_ == 0)
          heardFrom(m->source);
        handle(*m);
        if (done_)
          break;
      }
      if (done_)
        break;
      busy |= tick();
      if (!busy)
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    return finish();
  }

private:
  using Clock = std::chrono::steady_clock;

  void heardFrom(int r) {
    heard_[static_cast<size_t>(r)] = Clock::now();
    heardOnce_[static_cast<size_t>(r)] = true;
  }

  void handle(Message &m) {
    switch (m.tag) {
    case kAsk:
      asked_ = true;
      pool_->wantBranch();
      break;
    case kWork:
      pool_->add(decodePath(m.bytes.data(), m.bytes.size()));
      idleSent_ = false;
      break;
    case kStop:
      pool_->stop();
      break;
    case kDone:
      done_ = true;
      break;
    default:
      if (me_ == 0)
        coordinate(m);
    }
  }

  /// Rank 0: what the other ranks (and itself) tell the coordinator.
  void coordinate(Message &m) {
    switch (m.tag) {
    case kIdle:
      coord_.idle(m.source);
      break;
    case kGive: {
      int to = coord_.branchFrom(m.source, !m.bytes.empty(), Clock::now());
      if (to >= 0)
        net_.send(to, kWork, std::move(m.bytes));
      break;
    }
    case kErrorPath:
      reproduce(m);
      break;
    case kStopped:
      stopAll();
      break;
    case kProgress:
      progress_[static_cast<size_t>(m.source)] = std::stoull(textOf(m.bytes));
      break;
    case kWarning:
      if (opts_.onWarning && !m.bytes.empty())
        opts_.onWarning(ExplorationWarning{textOf(m.bytes).substr(1), m.bytes[0] == '1'});
      break;
    default: // (the ranks' own tags: handle())
      break;
    }
  }

  void reproduce(const Message &m) {
    try {
      Explorer::Replay(*repro_).reproduce(decodePath(m.bytes.data(), m.bytes.size()));
    } catch (const std::exception &e) {
      fail("the error rank " + std::to_string(m.source) + " found could not be replayed (" +
           e.what() + ")");
    }
  }

  void fail(const std::string &why) {
    if (failure_.empty())
      failure_ = why;
    stopAll();
  }

  void stopAll() {
    if (coord_.stopping())
      return;
    coord_.stop();
    for (int r = 0; r < n_; ++r)
      if (!lost(r))
        net_.send(r, kStop, {});
  }

  bool lost(int r) const { return std::find(lost_.begin(), lost_.end(), r) != lost_.end(); }

  /// Sends what the pool has for others; rank 0 also decides. True: something was done.
  bool tick() {
    bool did = false;
    auto now = Clock::now();
    if (asked_)
      if (auto given = pool_->takeGiven()) {
        asked_ = false;
        net_.send(0, kGive, std::move(*given));
        did = true;
      }
    for (auto &p : pool_->takeErrorPaths()) {
      net_.send(0, kErrorPath, std::move(p));
      did = true;
    }
    for (auto &w : pool_->takeWarnings()) {
      if (me_ == 0 && opts_.onWarning)
        opts_.onWarning(w);
      else if (me_ != 0)
        net_.send(0, kWarning, bytesOf((w.namesBusyLoops ? "1" : "0") + w.text));
    }
    if (pool_->stopped() && !stoppedSent_) {
      stoppedSent_ = true;
      net_.send(0, kStopped, {});
    }
    bool idle = pool_->idle();
    if (idle) {
      idleSeconds_ += std::chrono::duration<double>(now - lastTick_).count();
      if (!idleSent_) {
        idleSent_ = true;
        net_.send(0, kIdle, {});
        did = true;
      }
    }
    lastTick_ = now;
    if (now - lastBeat_ > std::chrono::milliseconds(250)) {
      lastBeat_ = now;
      if (me_ != 0)
        net_.send(0, kProgress, bytesOf(std::to_string(pool_->finished())));
      else
        report(now);
    }
    if (me_ == 0)
      did |= decide(now);
    return did;
  }

  bool decide(Clock::time_point now) {
    for (int r = 1; r < n_; ++r) {
      double limit =
          heardOnce_[static_cast<size_t>(r)] ? b_.opts_.rankTimeoutSeconds : kStartupGraceSeconds;
      if (!lost(r) &&
          std::chrono::duration<double>(now - heard_[static_cast<size_t>(r)]).count() > limit) {
        lost_.push_back(r);
        coord_.lost(r);
        b_.lostRank_ = true;
        fail(lostRankText(r, limit, "its part of the search was not explored"));
      }
    }
    bool did = false;
    for (int r : coord_.asks(now)) {
      net_.send(r, kAsk, {});
      did = true;
    }
    if (coord_.done()) {
      for (int r = 0; r < n_; ++r)
        if (!lost(r))
          net_.send(r, kDone, {});
      did = true;
    }
    return did;
  }

  void report(Clock::time_point now) {
    if (!opts_.onProgress || now - start_ < std::chrono::milliseconds(500))
      return;
    uint64_t total = pool_->finished();
    for (int r = 1; r < n_; ++r)
      total += progress_[static_cast<size_t>(r)];
    double s = std::chrono::duration<double>(now - start_).count();
    opts_.onProgress(std::to_string(total) + " executions on " + std::to_string(n_) + " ranks, " +
                     std::to_string(std::llround(static_cast<double>(total) / s)) + "/s");
  }

  ExplorationResult finish();
  RankStats ownStats(const ExplorationResult &r);

  MpiBackend &b_;
  MpiTransport &net_;
  int me_, n_;
  const ExplorationOptions &opts_;
  Clock::time_point start_ = Clock::now(), lastTick_ = Clock::now(), lastBeat_ = Clock::now();
  double cpuStart_ = cpuSeconds(), idleSeconds_ = 0;
  uint64_t sentBefore_ = b_.net_.messagesSent, bytesBefore_ = b_.net_.bytesSent;
  Coordinator coord_;
  std::vector<Clock::time_point> heard_;
  std::vector<bool> heardOnce_;
  std::vector<uint64_t> progress_;
  std::vector<int> lost_;
  std::unique_ptr<ProgramRunner> reproRunner_;
  std::unique_ptr<Explorer> repro_;
  std::unique_ptr<LocalPool> pool_;
  bool done_ = false, asked_ = false, idleSent_ = false, stoppedSent_ = false;
  std::string failure_;
};

namespace {
/// An exception of an explorer, as text that the other end throws again.
std::string errorText(const std::exception_ptr &e) {
  try {
    std::rethrow_exception(e);
  } catch (const UnsupportedProgram &x) {
    return std::string("U") + x.what();
  } catch (const std::exception &x) {
    return std::string("I") + x.what();
  }
  return "I?";
}

[[noreturn]] void throwError(const std::string &text) {
  if (text[0] == 'U')
    throw UnsupportedProgram(text.substr(1));
  throw InternalError(text.substr(1));
}

} // namespace

RankStats MpiBackend::Run::ownStats(const ExplorationResult &r) {
  LocalPool::Counts c = pool_->counts();
  RankStats s;
  s.rank = me_;
  s.host = b_.host_;
  s.messagesSent = net_.messagesSent - sentBefore_;
  s.bytesSent = net_.bytesSent - bytesBefore_;
  s.parts = c.parts;
  s.given = c.given;
  s.replayedSteps = c.replayedSteps;
  s.complete = r.complete;
  s.blocked = r.blocked;
  s.wallSeconds = std::chrono::duration<double>(Clock::now() - start_).count();
  s.idleSeconds = idleSeconds_;
  s.exploringSeconds = c.exploringSeconds;
  s.cpuSeconds = cpuSeconds() - cpuStart_;
  return s;
}

ExplorationResult MpiBackend::Run::finish() {
  ExplorationResult mine;
  std::string error;
  try {
    mine = pool_->finish();
  } catch (...) {
    error = errorText(std::current_exception());
  }
  RankStats own = ownStats(mine);
  if (me_ != 0) {
    nlohmann::json j = {{"result", resultJson(mine)}, {"stats", own}, {"error", error}};
    net_.send(0, kResult, bytesOf(j.dump()));
    for (;;) {
      auto m = net_.poll();
      if (!m) {
        std::this_thread::sleep_for(std::chrono::microseconds(500));
        continue;
      }
      if (m->tag != kFinal)
        continue;
      auto f = nlohmann::json::parse(textOf(m->bytes));
      if (f.value("lost", false)) // (this rank must not wait in MPI_Finalize for the lost one)
        b_.lostRank_ = true;
      net_.flush(5);
      if (!f.at("error").get<std::string>().empty())
        throwError(f.at("error"));
      return resultFrom(f.at("result"), b_.locs_);
    }
  }
  // Rank 0: every live rank's result, merged; then the merged result to each.
  ExplorationResult total = mine;
  std::vector<RankStats> stats{own};
  std::vector<int> waiting;
  for (int r = 1; r < n_; ++r)
    if (!lost(r))
      waiting.push_back(r);
  while (!waiting.empty()) {
    auto m = net_.poll();
    auto now = Clock::now();
    if (m)
      heardFrom(m->source);
    if (m && m->tag == kResult) {
      auto j = nlohmann::json::parse(textOf(m->bytes));
      mergeResult(total, resultFrom(j.at("result"), b_.locs_));
      stats.push_back(j.at("stats").get<RankStats>());
      if (error.empty())
        error = j.at("error");
      waiting.erase(std::find(waiting.begin(), waiting.end(), m->source));
      continue;
    }
    for (size_t i = 0; i < waiting.size(); ++i) {
      int r = waiting[i];
      if (std::chrono::duration<double>(now - heard_[static_cast<size_t>(r)]).count() >
          b_.opts_.rankTimeoutSeconds) {
        lost_.push_back(r);
        b_.lostRank_ = true;
        if (failure_.empty())
          failure_ = "rank " + std::to_string(r) +
                     " stopped answering at the end of the search "
                     "(killed, out of memory, or its machine was lost): its result is missing";
        waiting.erase(waiting.begin() + static_cast<long>(i));
        break;
      }
    }
    if (!m)
      std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  if (total.failure.empty())
    total.failure = failure_;
  total.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  std::sort(stats.begin(), stats.end(),
            [](const RankStats &a, const RankStats &b) { return a.rank < b.rank; });
  b_.stats_ = stats;
  nlohmann::json fin = {{"result", resultJson(total)}, {"error", error}, {"lost", !lost_.empty()}};
  for (int r = 1; r < n_; ++r)
    if (!lost(r))
      net_.send(r, kFinal, bytesOf(fin.dump()));
  net_.flush(5);
  if (opts_.onProgress)
    opts_.onProgress("");
  if (!error.empty())
    throwError(error);
  return total;
}

ExplorationResult MpiBackend::explore(const ParallelSetup &setup, const ExplorationOptions &opts) {
  return Run(*this, setup, opts).go();
}

} // namespace scopemc

namespace scopemc {

namespace {
nlohmann::json estimateJson(const SearchEstimate &e) {
  return {e.complete, e.blocked, e.samples, e.reached, e.seconds, e.failure};
}
SearchEstimate estimateFrom(const nlohmann::json &j) {
  SearchEstimate e{j[0], j[1], j[2], j[3], j[4], j[5]};
  return e;
}
/// The next message with tag `tag` (others cannot arrive between two collective steps).
Message awaitTag(MpiTransport &net, int tag) {
  for (;;) {
    if (auto m = net.poll(); m && m->tag == tag)
      return *m;
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}
using Clock = std::chrono::steady_clock;
} // namespace

SearchEstimate MpiBackend::estimate(const Sampler &sample, unsigned samples, uint64_t seed) {
  int me = net_.rank(), n = net_.size();
  unsigned share = samples / static_cast<unsigned>(n) +
                   (static_cast<unsigned>(me) < samples % static_cast<unsigned>(n) ? 1 : 0);
  // Paths drawn on a thread of their own, this one keeps the messages (heartbeats) going.
  std::atomic<bool> stop{false}, sampled{false};
  SearchEstimate mine;
  std::exception_ptr thrown;
  std::thread sampler([&] {
    try {
      // (splitmix-style distinct seeds per rank; rank 0 keeps the seed a single process uses)
      if (share)
        mine = sample(share, seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(me), &stop);
    } catch (...) {
      thrown = std::current_exception();
    }
    sampled = true;
  });
  std::vector<int> lost; // (rank 0)
  SearchEstimate total = me == 0 ? combineEstimates(mine, sampled, stop, lost) : SearchEstimate{};
  if (me != 0)
    for (auto beat = Clock::now() - std::chrono::seconds(1); !sampled;
         std::this_thread::sleep_for(std::chrono::milliseconds(1)))
      if (Clock::now() - beat > std::chrono::milliseconds(250)) {
        beat = Clock::now();
        net_.send(0, kProgress, bytesOf("0"));
      }
  sampler.join();
  if (thrown)
    std::rethrow_exception(thrown);
  if (me != 0) {
    net_.send(0, kEstimate, bytesOf(estimateJson(mine).dump()));
    total = estimateFrom(nlohmann::json::parse(textOf(awaitTag(net_, kEstimated).bytes)));
  } else {
    for (int r = 1; r < n; ++r)
      if (std::find(lost.begin(), lost.end(), r) == lost.end())
        net_.send(r, kEstimated, bytesOf(estimateJson(total).dump()));
  }
  lostRank_ = lostRank_ || !total.failure.empty();
  net_.flush(5);
  return total;
}

SearchEstimate MpiBackend::combineEstimates(const SearchEstimate &mine,
                                            const std::atomic<bool> &sampled,
                                            std::atomic<bool> &stop, std::vector<int> &lost) {
  // Rank 0: every share, each mean weighted by its samples; a silent rank fails the estimate.
  int n = net_.size();
  std::vector<Clock::time_point> heard(static_cast<size_t>(n), Clock::now());
  std::vector<bool> heardOnce(static_cast<size_t>(n), false), got(static_cast<size_t>(n), false);
  SearchEstimate total;
  int pending = n - 1;
  auto add = [&](const SearchEstimate &e) {
    total.complete += e.complete * e.samples;
    total.blocked += e.blocked * e.samples;
    total.samples += e.samples;
    total.reached += e.reached;
    total.seconds += e.seconds; // (CPU time of the paths: the per-path cost stays right)
  };
  while (pending > 0 || !sampled) {
    while (auto m = net_.poll()) {
      auto r = static_cast<size_t>(m->source);
      heard[r] = Clock::now();
      heardOnce[r] = true;
      if (m->tag == kEstimate && !got[r]) {
        got[r] = true;
        --pending;
        add(estimateFrom(nlohmann::json::parse(textOf(m->bytes))));
      }
    }
    for (int r = 1; r < n && total.failure.empty(); ++r) {
      auto k = static_cast<size_t>(r);
      double limit = heardOnce[k] ? opts_.rankTimeoutSeconds : kStartupGraceSeconds;
      if (!got[k] && std::chrono::duration<double>(Clock::now() - heard[k]).count() > limit) {
        total.failure = lostRankText(r, limit, "its share of the estimate's paths was not drawn");
        lost.push_back(r);
        pending = 0;
        stop = true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  add(mine);
  if (total.samples) {
    total.complete /= total.samples;
    total.blocked /= total.samples;
  }
  return total;
}

} // namespace scopemc
