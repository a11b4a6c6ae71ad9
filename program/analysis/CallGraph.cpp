#include "program/analysis/CallGraph.h"

#include <set>

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include "program/analysis/Builtin.h"

namespace scopemc {

using namespace llvm;

std::optional<std::vector<const Function *>> reachableFunctions(const Function &entry) {
  std::vector<const Function *> fns{&entry};
  std::set<const Function *> seen{&entry};
  for (size_t k = 0; k < fns.size(); ++k)
    for (const Instruction &i : instructions(*fns[k]))
      if (auto *c = dyn_cast<CallBase>(&i)) {
        const Function *callee = calledFunction(*c);
        if (!callee && !c->isInlineAsm())
          return std::nullopt;
        if (callee && !callee->isDeclaration() && seen.insert(callee).second)
          fns.push_back(callee);
      }
  return fns;
}

} // namespace scopemc
