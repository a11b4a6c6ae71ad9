// The reference side of the differential oracle: all candidate executions of an
// AbstractProgram (every rf choice and co order), filtered by the memory model's own text,
// docs/scoped-rc11.cat, evaluated by a small .cat evaluator (Cat.h: relations as bit
// matrices, closures, compositions). It shares no code with model/ beyond the Scope/ThreadPos
// types and the inScope predicate.
#pragma once

#include <functional>
#include <set>
#include <stdexcept>
#include <string>

#include "model/ExecutionGraph.h"
#include "tests/oracle/AbstractProgram.h"

namespace scopemc::oracle {

struct TooLarge : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class CatModel;

/// The model the specification states (docs/scoped-rc11.cat), parsed once.
const CatModel &specifiedModel();

/// The canonical text of every complete execution `model` allows (null: specifiedModel()).
/// Throws TooLarge when the number of candidates exceeds `maxCandidates`.
std::set<std::string> enumerateConsistent(const AbstractProgram &p, uint64_t maxCandidates,
                                          const CatModel *model = nullptr);

/// The canonical text of a complete graph explored by the DPOR. `locOf` maps an address to
/// a variable number, or -1 for memory the program text does not name (ignored).
std::string canonical(const ExecutionGraph &g, const std::function<int(Addr)> &locOf);

} // namespace scopemc::oracle
