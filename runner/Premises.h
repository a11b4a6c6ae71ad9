// The premises the default reductions check before they cut a loop, merge iterations, prune a
// branch or elect one thread, named one by one.
//
// A reduction is only as good as the premises it checks. The differential tests show that
// their comparisons would catch a reduction whose premise went unchecked: they install a
// PremiseWaiver (Reductions::waiver) that waives one premise, and expect the comparison with
// the search without reductions to fail. The product never installs one: with no waiver every
// premise is checked (Reductions::checks). Waivers live with the tests (tests/planted/).
#pragma once

#include <cstdint>

namespace scopemc {

/// One premise, named after the check in the code that relies on it.
enum class Premise : uint8_t {
  /// Spin-loop cut (interpreter): an iteration that wrote nothing is a repeat only if it also
  /// left the loop's registers (phis) unchanged.
  SpinLoopPhisUnchanged,
  /// Zero-net-effect iterations (interpreter, LoopProgress): a write undone within the
  /// iteration is no effect only if no other thread could see it (the block is unpublished)
  /// and the thread did not rely on its own heap memory.
  ZeroNetEffectUnobserved,
  /// Idle rounds at a barrier (interpreter): a thread blocks for an idle round only once every
  /// peer of the instance was idle too, not its own iteration alone.
  IdleRoundsEveryPeer,
  /// Symmetry classes (interpreter, SymmetryAnalysis): a branch on a thread or lane id is a use
  /// of the id, which makes the thread distinct.
  SymmetryIdBranches,
  /// Commuting updates (interpreter): only an RMW whose result is unused is marked as one.
  CommutingResultUnused,
  /// Commuting updates (dpor, CommutingPruner): two marked RMWs are exchanged only if their
  /// operations commute.
  CommutingOperations,
  /// Commuting updates (dpor, CommutingPruner): an RMW is taken as unread only if no other
  /// thread may still read its write.
  CommutingUnread,
  /// Deferred updates (dpor, DeferredUpdates): every other access of a location is ordered by
  /// happens-before with its deferred updates, they commute, and no acquire fence follows one.
  DeferredUpdatesOrdered,
  /// Symmetry pruning (dpor, Persistence): an event stays in every graph below only if no
  /// revisit may still change it; a branch is dropped only at a persistent violation.
  PersistenceRevisits,
  /// Persistence: a thread waiting to join another knows only what that one will know.
  PersistenceJoinWaits,
  /// Persistence: what a thread may still write includes its next event's own write.
  PersistenceNextAccess,
  /// Persistence: an access site of a thread's code that writes counts as writing.
  PersistenceSiteWrites,
  /// pthread barrier election (dpor, Election): every participant that may come out serial
  /// is an alternative, not the first choice only.
  ElectionAlternatives,
  /// pthread barrier election (interpreter, program/analysis/SerialValue.h): a participant whose
  /// call's result is used is left out of the choices only where the analysis shows that both
  /// values lead to the same events.
  SerialValueObserved,
  /// pthread barrier phases formed by calls (dpor, Explorer): a phase with more waiters than
  /// the barrier's count is noticed (the session then searches again by arrival order).
  BarrierPhasesFit,
};

/// Implemented by tests only: which premises a run leaves unchecked, on purpose.
class PremiseWaiver {
public:
  virtual ~PremiseWaiver() = default;
  /// True: the reductions act as if `p` held without checking it (a planted mistake).
  virtual bool waives(Premise p) const = 0;
};

} // namespace scopemc
