// Planted mistakes: reductions with one premise left unchecked on purpose (runner/Premises.h),
// for the differential tests, which must tell such a reduction apart from the search without
// reductions. Test code only: the product never waives a premise.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

#include "runner/EventSink.h"

namespace scopemc::test {

/// Waives the premises it was given, checks the others.
class Waiver final : public PremiseWaiver {
public:
  explicit Waiver(std::vector<Premise> waived) : waived_(std::move(waived)) {}
  bool waives(Premise p) const override {
    return std::find(waived_.begin(), waived_.end(), p) != waived_.end();
  }

private:
  std::vector<Premise> waived_;
};

/// A waiver of `premises`; null (every premise checked) when there are none.
inline std::shared_ptr<const PremiseWaiver> waive(std::initializer_list<Premise> premises) {
  if (premises.size() == 0)
    return nullptr;
  return std::make_shared<Waiver>(std::vector<Premise>(premises));
}

/// The planted mistakes by the name of the reduction they break, as the fuzzer
/// (tests/fuzz/planted.py, reductions.py --plant) asks for them from scopemc-planted.
struct Plant {
  std::string_view name;
  Premise premise;
};
inline constexpr Plant kPlants[] = {
    {"spin-loops", Premise::SpinLoopPhisUnchanged},
    {"zero-net-effect", Premise::ZeroNetEffectUnobserved},
    {"idle-rounds", Premise::IdleRoundsEveryPeer},
    {"symmetry", Premise::PersistenceRevisits},
    {"symmetry-classes", Premise::SymmetryIdBranches},
    {"commuting", Premise::CommutingResultUnused},
    {"election", Premise::ElectionAlternatives},
    {"serial-value", Premise::SerialValueObserved},
    {"barrier-phases", Premise::BarrierPhasesFit},
};

} // namespace scopemc::test
