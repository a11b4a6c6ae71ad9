// Knuth's estimator of the size of the search (DPOR.md §6): a random path of the recursion
// goes, at each node, to one of its children chosen uniformly (the default continuation or
// one of the alternatives the node pushed), and its leaf counts for the product of the
// numbers of children along the path.
#include <cmath>

#include "dpor/Explorer.h"

namespace scopemc {

namespace {
uint64_t nextRandom(uint64_t &s) { // splitmix64
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
} // namespace

double Explorer::randomPath(uint64_t &rng, bool &complete) {
  frames_.clear();
  frames_.push_back(Frame{});
  graph().addThread(0, hostThreadPos(0), Event::init());
  driver_.attach(graph());
  driver_.resetAll();
  double weight = 1;
  while (true) {
    scanFrom_ = 0; // alternatives change the graph between steps (runForward's bound does not hold)
    ThreadId t = chooseThread();
    if (t < 0) {
      uint64_t before = result_.complete;
      finishExecution();
      complete = result_.complete > before;
      return weight;
    }
    // Work lists are empty between steps: what a step pushes are the node's alternatives.
    bool ok = addEvent(driver_.take(t));
    // The node's children: the continuation (when consistent) and the alternatives it pushed;
    // applying an alternative can push more (revisits of the new graph), which are children too.
    while (true) {
      std::vector<WorkItem> pushed = std::move(frames_.back().work);
      for (auto &f : frames_)
        f.work.clear();
      size_t n = pushed.size() + (ok ? 1 : 0);
      if (n == 0)
        return 0; // a dead end: no leaf below
      weight *= static_cast<double>(n);
      size_t pick = nextRandom(rng) % n;
      if (ok && pick == pushed.size())
        break;
      ok = applyWorkItem(pushed[pick]);
      if (stop_)
        return 0;
      if (ok && frames_.back().work.empty())
        break;
    }
  }
}

Explorer::Estimate Explorer::estimate(unsigned samples, uint64_t seed) {
  auto start = std::chrono::steady_clock::now();
  monitor_.start(start);
  Estimate e;
  uint64_t rng = seed;
  for (unsigned s = 0; s < samples && !stop_; ++s) {
    bool complete = false;
    double w = randomPath(rng, complete);
    (complete ? e.complete : e.blocked) += w;
    ++e.samples;
    if (w > 0)
      ++e.reached;
  }
  if (e.samples) {
    e.complete /= e.samples;
    e.blocked /= e.samples;
  }
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return e;
}

} // namespace scopemc
