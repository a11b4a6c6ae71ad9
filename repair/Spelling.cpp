#include "repair/Spelling.h"

#include <array>
#include <vector>

#include "program/BuiltinId.h"

namespace scopemc {

namespace {

using ScopeNames = std::array<const char *, 4>; // thread, block, device, system ("" : none)

constexpr size_t kGpumcFamily = 5; // the __VERIFIER_memory_scope_* annotations (below)

const std::vector<ScopeNames> &scopeFamilies() {
  static const std::vector<ScopeNames> k = {
      {"memory_scope_work_item", "memory_scope_work_group", "memory_scope_device",
       "memory_scope_all_svm_devices"},
      {"", "memory_scope_sub_group", "", "memory_scope_all_devices"},      // aliases, read only
      {"", "memory_scope_cta", "memory_scope_gpu", "memory_scope_system"}, // PTX litmus names
      {"scopemc_scope_thread", "scopemc_scope_block", "scopemc_scope_device",
       "scopemc_scope_system"},
      {"thread_scope_thread", "thread_scope_block", "thread_scope_device", "thread_scope_system"},
      {"", builtinName(Builtin::ScopeWorkGroup), builtinName(Builtin::ScopeDevice),
       builtinName(Builtin::ScopeSystem)}, // (their names: Builtins.def)
      {"", "__threadfence_block", "__threadfence", "__threadfence_system"},
      {"syncscope(\"singlethread\")", "syncscope(\"workgroup\")", "syncscope(\"agent\")",
       ""}, // LLVM IR
  };
  return k;
}

/// CUDA's atomic functions: NAME_block, NAME (device) and NAME_system.
const std::vector<std::string> &cudaAtomics() {
  static const std::vector<std::string> k = {"atomicAdd", "atomicSub", "atomicExch", "atomicMin",
                                             "atomicMax", "atomicInc", "atomicDec",  "atomicCAS",
                                             "atomicAnd", "atomicOr",  "atomicXor"};
  return k;
}

using OrderNames = std::array<const char *, 6>; // na, rlx, acq, rel, acq_rel, sc

const std::vector<OrderNames> &orderFamilies() {
  static const std::vector<OrderNames> k = {
      {"", "memory_order_relaxed", "memory_order_acquire", "memory_order_release",
       "memory_order_acq_rel", "memory_order_seq_cst"},
      {"", "scopemc_relaxed", "scopemc_acquire", "scopemc_release", "scopemc_acq_rel",
       "scopemc_seq_cst"},
      {"", "__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE", "__ATOMIC_RELEASE", "__ATOMIC_ACQ_REL",
       "__ATOMIC_SEQ_CST"},
      {"", "relaxed", "acquire", "release", "acq_rel", "seq_cst"},   // C++ memory_order::relaxed
      {"", "monotonic", "acquire", "release", "acq_rel", "seq_cst"}, // LLVM IR
      // the numbers (C11 memory_order values) as they appear in IR-level or hand-encoded calls
      {"", "0", "2", "3", "4", "5"},
  };
  return k;
}

} // namespace

std::optional<std::string> renameScope(const std::string &tok, Scope to) {
  size_t t = static_cast<size_t>(to);
  for (const ScopeNames &f : scopeFamilies())
    for (const char *n : f)
      if (*n && tok == n) {
        const ScopeNames &canon = &f == &scopeFamilies()[1] ? scopeFamilies()[0] : f;
        if (!*canon[t])
          return std::nullopt;
        return std::string(canon[t]);
      }
  for (const std::string &base : cudaAtomics())
    if (tok == base || tok == base + "_block" || tok == base + "_system") {
      if (to == Scope::Thread)
        return std::nullopt;
      return to == Scope::Block ? base + "_block" : to == Scope::Device ? base : base + "_system";
    }
  if (tok.size() == 1 && tok[0] >= '0' && tok[0] <= '3') // scopemc's encoding (api.h)
    return std::to_string(t);
  return std::nullopt;
}

std::optional<std::string> renameOrder(const std::string &tok, MemOrder to) {
  size_t o = static_cast<size_t>(to);
  for (const OrderNames &f : orderFamilies())
    for (const char *n : f)
      if (*n && tok == n)
        return *f[o] ? std::optional<std::string>(f[o]) : std::nullopt;
  return std::nullopt;
}

std::optional<Scope> scopeSpelled(const std::string &tok) {
  for (Scope s : {Scope::Thread, Scope::Block, Scope::Device, Scope::System})
    if (auto r = renameScope(tok, s); r && *r == tok)
      return s;
  for (const ScopeNames &f : scopeFamilies()) // aliases (sub_group, all_devices)
    for (size_t k = 0; k < f.size(); ++k)
      if (*f[k] && tok == f[k])
        return static_cast<Scope>(k);
  return std::nullopt;
}

std::optional<MemOrder> orderSpelled(const std::string &tok) {
  for (const OrderNames &f : orderFamilies())
    for (size_t k = 0; k < f.size(); ++k)
      if (*f[k] && tok == f[k])
        return static_cast<MemOrder>(k);
  return std::nullopt;
}

std::string orderWord(MemOrder o) {
  static const char *k[] = {"plain", "relaxed", "acquire", "release", "acq_rel", "seq_cst"};
  return k[static_cast<size_t>(o)];
}

std::optional<std::string> annotationName(Scope s) {
  const char *n = scopeFamilies()[kGpumcFamily][static_cast<size_t>(s)];
  return *n ? std::optional<std::string>(n) : std::nullopt;
}

} // namespace scopemc
