#include "model/Scope.h"

namespace scopemc {

namespace {
// Host threads get devices far above any device a program places a thread on.
constexpr uint32_t kHostDeviceBase = 0x40000000u;
} // namespace

ThreadPos hostThreadPos(ThreadId tid) {
  return ThreadPos{kHostDeviceBase + static_cast<uint32_t>(tid), 0, 0};
}

bool isHostPos(const ThreadPos &p) { return p.device >= kHostDeviceBase; }

bool inScope(Scope s, const ThreadRef &owner, const ThreadRef &u) {
  switch (s) {
  case Scope::System:
    return true;
  case Scope::Device:
    return owner.pos.device == u.pos.device;
  case Scope::Block:
    return owner.pos.device == u.pos.device && owner.pos.block == u.pos.block;
  case Scope::Thread:
    return owner.id == u.id;
  }
  return false;
}

bool scopeIncludes(Scope sa, const ThreadRef &ta, Scope sb, const ThreadRef &tb) {
  return inScope(sa, ta, tb) && inScope(sb, tb, ta);
}

Scope narrowestCommonScope(const ThreadRef &a, const ThreadRef &b) {
  for (Scope s : {Scope::Thread, Scope::Block, Scope::Device})
    if (inScope(s, a, b))
      return s;
  return Scope::System;
}

std::string_view scopeName(Scope s) {
  switch (s) {
  case Scope::Thread:
    return "thread";
  case Scope::Block:
    return "block";
  case Scope::Device:
    return "device";
  case Scope::System:
    return "system";
  }
  return "?";
}

} // namespace scopemc
