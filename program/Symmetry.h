// Which threads of a program are interchangeable (docs/symmetry.md): the static half of the
// symmetry reduction. The exploration (dpor/Symmetry.h) prunes with the classes found here.
//
// Contract: two threads get equal keys only if, given the same values returned by their events,
// they make the same events (the same kinds, locations, values, orders and scopes), and
// exchanging their positions is invisible to every scope and barrier of the program. A thread
// that cannot be shown to be such gets no key. Keys are compared by value (never by pointer or
// hash), so keys made by different interpreters of one program agree.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "program/AccessOverrides.h"
#include "program/Launch.h"
#include "program/Program.h"
#include "program/ResumePoints.h"

namespace scopemc {

class SymmetryAnalysis {
public:
  /// `idBranches` false (a test waived Premise::SymmetryIdBranches): branch conditions are
  /// not taken as uses of the identity, which makes threads that branch on their id look
  /// alike; the differential tests show that they catch it.
  SymmetryAnalysis(const Program &prog, const AccessOverrides *overrides, bool idBranches = true);

  /// The key of a thread started with `entry`: a launched kernel thread (entry.place set) or
  /// a thread created by pthread_create or __VERIFIER_spawn whose one argument is its
  /// identity. Null: the thread is interchangeable with no other.
  SymmetryKey keyOf(const ThreadEntry &entry, const FunctionInfo &fi) const;

  /// Where a thread started with `entry` may access memory others share: the address and size
  /// of every load, store, RMW and memory builtin of its code (its own functions; builtins
  /// that touch no memory), evaluated when it is created, and the sites reachable from each
  /// point of its code (SiteFootprint, ResumePoints.h). Null when some address cannot be
  /// evaluated then (it is read from memory or loop-carried), or some call touches memory in
  /// a way not modelled here. Block-shared and thread-local addresses stand for their whole
  /// region (each block and thread has its own copy).
  SiteFootprintPtr sitesOf(const ThreadEntry &entry, const FunctionInfo &fi) const;
  /// Where such a thread may access memory in its whole life (ThreadEntry::footprint).
  static Footprint wholeFootprint(const SiteFootprint &s);
  /// The points of a thread function's code (ResumePoints.h); null where its sites are not
  /// all known.
  const ResumeTable *resumeTable(const llvm::Function &f) const;

  /// How a tainted value reaches an effect (Sink::kind).
  enum class SinkKind : uint8_t { Plain, PlaceBlock, PlaceThread, PlaceDevice };
  struct Sink {
    const llvm::Value *value;
    SinkKind kind;
  };
  /// A thread function's summary: the identity-dependent values its behaviour depends on,
  /// or nullopt when its behaviour depends on its identity in a way that cannot be evaluated
  /// when the thread is created (or on memory only it has: a heap, an escaping local).
  using Summary = std::optional<std::vector<Sink>>;
  const Summary &summary(const llvm::Function &f, bool launched) const;

private:
  struct AccessSite {
    const llvm::Value *address;
    uint64_t size;                         // bytes, when `length` is null
    const llvm::Value *length = nullptr;   // the size as the code computes it (memset, ...)
    const llvm::Instruction *at = nullptr; // the instruction that accesses
    bool everything = false;               // any address (a thread creation)
    bool writes = true;                    // false: it only reads
  };
  /// A thread function's accesses to memory others share; nullopt: not all known.
  using AccessSites = std::optional<std::vector<AccessSite>>;
  const AccessSites &accessSites(const llvm::Function &f) const;
  AccessSites findAccessSites(const llvm::Function &entry) const;
  /// The functions a thread that starts in `entry` (with the values `ev` evaluates, fixed for
  /// its life) can run: the blocks of `entry` that a branch on such a value does not close,
  /// and every function called from those, whole. Null: `entry` may call itself (a value of
  /// one call is not the next one's).
  using Evaluate = std::function<std::optional<uint64_t>(const llvm::Value *)>;
  std::optional<std::set<const llvm::BasicBlock *>> liveCode(const llvm::Function &entry,
                                                             const Evaluate &eval) const;
  /// Adds where a call accesses memory; false when that is not known.
  bool callAccessSites(const llvm::CallBase &c, std::vector<AccessSite> &sites) const;

  void scanProgram(const AccessOverrides *overrides);
  Summary analyse(const llvm::Function &entry, bool launched) const;
  /// Whether every way a thread of `entry` ends (a return, pthread_exit in `fns`) gives one
  /// constant value.
  bool oneExitValue(const llvm::Function &entry,
                    const std::vector<const llvm::Function *> &fns) const;
  /// Whether `fns` call a collective whose result tells lanes apart (Shfl, Ballot, MatchAny,
  /// the active mask): exchanging two lanes is then visible.
  bool namesLanes(const std::vector<const llvm::Function *> &fns) const;

  const Program &prog_;
  bool idBranches_;
  /// Whether block boundaries are visible to the program (some operation is block-scoped, a
  /// block barrier or collective, or block-shared memory): threads of different blocks are
  /// then never interchangeable. Warps likewise, through warp collectives.
  bool blockAware_ = false;
  bool warpAware_ = false;
  mutable std::map<std::pair<const llvm::Function *, bool>, Summary> summaries_;
  mutable std::map<const llvm::Function *, AccessSites> accessSites_;
  mutable std::map<const llvm::Function *, std::unique_ptr<ResumeTable>> resumeTables_;
  /// Each access site's range for a thread started with `entry` ((0, 0): code it never
  /// runs; everything: an address only known as the code runs); nullopt where the sites are
  /// not known.
  std::optional<std::vector<std::pair<uint64_t, uint64_t>>>
  siteRanges(const ThreadEntry &entry, const FunctionInfo &fi) const;
};

} // namespace scopemc
