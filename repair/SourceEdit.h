// Maps repair's access edits to the source text that carries each scope or order, through
// Clang's AST and source locations, and rewrites it with Clang's Rewriter:
// - the scope or order argument of a call (scopemc.h, OpenCL C, C11/C++ atomics): its token;
// - CUDA's scoped names (atomicAdd_block -> atomicAdd, cuda::thread_scope_block -> ...);
// - GPUMC annotation calls: the call is renamed, or split around the one access that changes;
// - a token written in a macro of the user's: the active definition, when every use of the
//   macro needs the same change; otherwise each use that needs it spells the new value out.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "frontend/Frontend.h"
#include "repair/Repair.h"

namespace scopemc {

/// One change to a file's text.
struct TextEdit {
  std::string file;
  unsigned line = 0, col = 0;
  std::string before, after;       // the replaced token ("" for an insertion) and its replacement
  std::string change;              // in the model's words: "block -> device", "relaxed -> acquire"
  std::string reason;              // why the access changes (AccessEdit::reason)
  const SourceLoc *site = nullptr; // the access that changes
};

struct SourcePatch {
  std::vector<TextEdit> edits;
  std::map<std::string, std::string> original; // path -> text, for each changed file
  std::map<std::string, std::string> repaired; // path -> text
  /// Edits that cannot be made on the text, each with the reason.
  std::vector<std::string> refused;
};

/// The text edits that make `edits` (grouped per access) on the program compiled from `file`
/// with `fo`. `annotated`: the accesses each GPUMC annotation call decided (RepairResult).
SourcePatch
patchSource(const std::string &file, const FrontendOptions &fo,
            const std::vector<AccessEdit> &edits,
            const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated);

/// The same for textual LLVM IR: each access's instruction line (frontend's line marks) gets
/// its syncscope and ordering keyword changed.
SourcePatch patchIr(const std::string &file, const FrontendOptions &fo,
                    const std::vector<AccessEdit> &edits);

/// A unified diff (3 lines of context) of two texts, with `path` in its headers.
std::string unifiedDiff(const std::string &path, const std::string &before,
                        const std::string &after);

} // namespace scopemc
