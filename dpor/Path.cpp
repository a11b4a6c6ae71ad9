// Search paths: the trail each frame keeps, and a path's bytes.
#include "dpor/Path.h"

namespace scopemc {

void Trail::record(Stamp stamp, PathStep step) {
  while (steps_.size() > own_) {
    const auto &[s, last] = steps_.back();
    bool replaced = s == stamp && last.kind == step.kind && last.target == step.target &&
                    step.kind != static_cast<uint8_t>(AlternativeKind::BackwardRevisit);
    if (s <= stamp && !replaced)
      break;
    steps_.pop_back();
  }
  step.ranForward = false;
  steps_.emplace_back(stamp, step);
}

std::vector<PathStep> Trail::steps() const {
  std::vector<PathStep> out;
  out.reserve(steps_.size());
  for (const auto &[s, step] : steps_)
    out.push_back(step);
  return out;
}

void Trail::inherit(const std::vector<PathStep> &steps) {
  steps_.clear();
  for (const PathStep &s : steps)
    steps_.emplace_back(0, s);
  own_ = steps_.size();
}

} // namespace scopemc

namespace scopemc {

namespace {
constexpr uint8_t kPathVersion = 1;
constexpr size_t kStepBytes = 2 + 4 * 4 + 8;

template <typename T> void put(std::vector<uint8_t> &out, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) // (little-endian, as memcpy would give on x86)
    out.push_back(static_cast<uint8_t>(static_cast<uint64_t>(v) >> (8 * i)));
}
template <typename T> T get(const uint8_t *&p) {
  uint64_t v = 0;
  for (size_t i = 0; i < sizeof(T); ++i)
    v |= static_cast<uint64_t>(*p++) << (8 * i);
  return static_cast<T>(v);
}
void putStep(std::vector<uint8_t> &out, const PathStep &s) {
  put<uint8_t>(out, s.kind);
  put<uint8_t>(out, s.ranForward ? 1 : 0);
  for (Event e : {s.target, s.write}) {
    put<int32_t>(out, e.thread);
    put<int32_t>(out, e.index);
  }
  put<uint64_t>(out, s.coPos);
}
PathStep getStep(const uint8_t *&p) {
  PathStep s;
  s.kind = get<uint8_t>(p);
  s.ranForward = get<uint8_t>(p) != 0;
  for (Event *e : {&s.target, &s.write}) {
    e->thread = get<int32_t>(p);
    e->index = get<int32_t>(p);
  }
  s.coPos = get<uint64_t>(p);
  return s;
}
} // namespace

std::vector<uint8_t> encodePath(const SearchPath &p) {
  std::vector<uint8_t> out;
  out.reserve(6 + kStepBytes * (p.steps.size() + 1));
  put<uint8_t>(out, kPathVersion);
  put<uint8_t>(out, static_cast<uint8_t>(p.end));
  put<uint32_t>(out, static_cast<uint32_t>(p.steps.size()));
  for (const PathStep &s : p.steps)
    putStep(out, s);
  putStep(out, p.last);
  return out;
}

SearchPath decodePath(const uint8_t *data, size_t size) {
  if (size < 6 || data[0] != kPathVersion || data[1] > 2)
    throw std::invalid_argument("not a search path");
  const uint8_t *p = data + 2;
  uint32_t n = get<uint32_t>(p);
  if (size != 6 + kStepBytes * (static_cast<size_t>(n) + 1))
    throw std::invalid_argument("a search path of the wrong length");
  SearchPath path;
  path.end = static_cast<SearchPath::End>(data[1]);
  path.steps.reserve(n);
  for (uint32_t i = 0; i < n; ++i)
    path.steps.push_back(getStep(p));
  path.last = getStep(p);
  return path;
}

} // namespace scopemc
