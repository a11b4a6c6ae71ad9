#include "litmus/Translate.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace scopemc::litmus {

namespace {

struct TypeInfo {
  uint32_t size;
  bool isSigned;
};

/// The size and signedness of a location type (atomic_ prefix and qualifiers ignored).
std::optional<TypeInfo> typeInfo(std::string t) {
  if (t.rfind("atomic_", 0) == 0)
    t = t.substr(7);
  static const std::map<std::string, TypeInfo> kTypes = {{"int", {4, true}},
                                                         {"signed int", {4, true}},
                                                         {"int32_t", {4, true}},
                                                         {"uint", {4, false}},
                                                         {"unsigned", {4, false}},
                                                         {"unsigned int", {4, false}},
                                                         {"uint32_t", {4, false}},
                                                         {"long", {8, true}},
                                                         {"long long", {8, true}},
                                                         {"int64_t", {8, true}},
                                                         {"intptr_t", {8, true}},
                                                         {"ulong", {8, false}},
                                                         {"unsigned long", {8, false}},
                                                         {"uint64_t", {8, false}},
                                                         {"uintptr_t", {8, false}},
                                                         {"size_t", {8, false}},
                                                         {"short", {2, true}},
                                                         {"char", {1, true}},
                                                         {"bool", {1, false}},
                                                         {"_Bool", {1, false}}};
  auto it = kTypes.find(t);
  if (it == kTypes.end())
    return std::nullopt;
  return it->second;
}

void collectRegs(const Prop &p, std::set<std::pair<int, std::string>> &out) {
  if (p.kind == Prop::Kind::Reg)
    out.insert({p.thread, p.name});
  for (auto &a : p.args)
    collectRegs(a, out);
}

std::string quoted(const std::string &s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      r += '\\';
    r += c;
  }
  return r + "\"";
}

} // namespace

Translation translate(const Test &t) {
  Translation tr;
  std::ostringstream os;
  bool gpu = t.dialect != Dialect::C;
  os << "/* scopemc's translation of the litmus test " << t.name << " (" << t.file << ") */\n";
  os << "#define __LITMUS_DEFAULT_SCOPE "
     << (gpu ? "memory_scope_device" : "memory_scope_all_svm_devices") << "\n";
  os << "#include <scopemc/litmus.h>\n\n";

  for (auto &l : t.locations) {
    auto ti = typeInfo(l.type);
    if (!ti)
      throw LitmusError(t.file, Pos{},
                        "unsupported type '" + l.type + "' of location '" + l.name + "'");
    if (l.local)
      os << "static __attribute__((section(\"scopemc_shared\"))) ";
    std::string global = "__litmus_loc_" + l.name;
    os << l.type << " " << global;
    if (l.count) {
      os << "[" << l.count << "] = {";
      for (size_t k = 0; k < l.count; ++k)
        os << (k ? ", " : "") << (k < l.inits.size() ? l.inits[k] : (l.inits.empty() ? l.init : 0));
      os << "};\n";
    } else {
      os << " = " << l.init << ";\n";
    }
    if (l.local)
      continue;
    for (size_t k = 0; k < std::max<size_t>(l.count, 1); ++k) {
      std::string key = l.count ? l.name + "[" + std::to_string(k) + "]" : l.name;
      tr.observed.push_back(Observed{key, global, ti->size, ti->isSigned, k * ti->size, false});
    }
    tr.observed.push_back(Observed{l.name, global, 8, false, 0, true});
  }

  // Registers: those the condition and filter name, or every register when they name none.
  std::set<std::pair<int, std::string>> regs;
  collectRegs(t.condition.prop, regs);
  if (t.filter)
    collectRegs(*t.filter, regs);
  if (regs.empty())
    for (auto &th : t.threads)
      for (auto &r : th.registers)
        regs.insert({th.id, r});
  for (auto &[tid, r] : regs) {
    std::string g = "__litmus_out_" + std::to_string(tid) + "_" + r;
    os << "long long " << g << ";\n";
    tr.observed.push_back(Observed{std::to_string(tid) + ":" + r, g, 8, true});
  }
  std::stable_sort(tr.observed.begin(), tr.observed.end(),
                   [](auto &a, auto &b) { return a.key < b.key; });

  // Placement: threads of one (device, work-group) are numbered in P order. Threads of GPU
  // dialects without a placement share work-group 0 of device 0; in C tests they are host
  // threads.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> groupSize;
  auto placeOf = [&](const Thread &th) {
    return std::pair<uint32_t, uint32_t>{th.device.value_or(0), th.group.value_or(0)};
  };
  auto placed = [&](const Thread &th) { return gpu || th.device || th.group; };
  for (auto &th : t.threads)
    if (placed(th))
      ++groupSize[placeOf(th)];
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> nextIndex;

  for (auto &th : t.threads) {
    if (!th.registerInits.empty())
      throw LitmusError(t.file, th.bodyPos,
                        "initial values of registers are not supported: initialise P" +
                            std::to_string(th.id) + "'s registers in its body");
    os << "\nstatic void *__litmus_P" << th.id << "(void *__litmus_arg) {\n";
    if (placed(th)) {
      auto key = placeOf(th);
      os << "  __litmus_place(" << key.first << ", " << key.second << ", " << nextIndex[key]++
         << ", " << groupSize[key] << ");\n";
    }
    for (auto &p : th.params)
      os << "  " << p.type << " *" << p.name << " = (" << p.type << " *)&__litmus_loc_" << p.name
         << ";\n";
    os << "#line " << th.bodyPos.line << " " << quoted(t.file) << "\n";
    os << std::string(static_cast<size_t>(std::max(0, th.bodyPos.col - 1)), ' ') << th.body << "\n";
    for (auto &[tid, r] : regs)
      if (tid == th.id)
        os << "  __litmus_out_" << tid << "_" << r << " = (long long)" << r << ";\n";
    for (auto &p : th.params)
      os << "  (void)" << p.name << ";\n";
    os << "  return 0;\n}\n";
  }

  os << "\nint main(void) {\n  pthread_t t[" << t.threads.size() << "];\n";
  for (auto &th : t.threads)
    os << "  pthread_create(&t[" << th.id << "], 0, __litmus_P" << th.id << ", 0);\n";
  os << "  for (int i = 0; i < " << t.threads.size() << "; ++i)\n    pthread_join(t[i], 0);\n";
  os << "  return 0;\n}\n";
  tr.source = os.str();
  return tr;
}

} // namespace scopemc::litmus
