// A random path of the recursion goes, at each node, to one of its children chosen
// uniformly (the continuation or one of the alternatives the node pushed), and its leaf
// counts for the product of the numbers of children along the path.
#include "dpor/Estimate.h"

#include <chrono>

namespace scopemc {

namespace {

uint64_t nextRandom(uint64_t &s) { // splitmix64
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The weight of one random path (0: it ended in a dropped branch); `complete` tells which
/// kind of execution it reached.
double randomPath(Explorer &ex, uint64_t &rng, bool &complete) {
  ex.startWalk();
  double weight = 1;
  while (true) {
    Explorer::Step s = ex.step();
    if (s.ended) {
      complete = s.complete;
      return weight;
    }
    // Applying an alternative can push more (revisits of the new graph): they are children
    // of the node too.
    while (true) {
      size_t n = s.alternatives.size() + (s.consistent ? 1 : 0);
      if (n == 0)
        return 0; // a dead end: no leaf below
      weight *= static_cast<double>(n);
      size_t pick = nextRandom(rng) % n;
      if (s.consistent && pick == s.alternatives.size())
        break;
      s = ex.takeAlternative(s.alternatives[pick]);
      if (ex.stopped())
        return 0;
      if (s.consistent && s.alternatives.empty())
        break;
    }
  }
}

} // namespace

SearchEstimate estimateSearch(Explorer &explorer, unsigned samples, uint64_t seed,
                              const std::atomic<bool> *stop) {
  auto start = std::chrono::steady_clock::now();
  SearchEstimate e;
  uint64_t rng = seed;
  for (unsigned s = 0; s < samples && !explorer.stopped() && !(stop && stop->load()); ++s) {
    bool complete = false;
    double w = 0;
    try {
      w = randomPath(explorer, rng, complete);
    } catch (const RunInterrupted &) {
      break; // a limit (the explorer is stopped)
    }
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
