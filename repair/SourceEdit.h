// Maps repair's access edits to the source text that carries each scope or order, through
// Clang's AST and source locations, and rewrites it with Clang's Rewriter:
// - the scope or order argument of a call (scopemc.h, OpenCL C, C11/C++ atomics): its token;
// - CUDA's scoped names (atomicAdd_block -> atomicAdd, cuda::thread_scope_block -> ...);
// - GPUMC annotation calls: the call is renamed, or split around the one access that changes;
// - a token written in a macro of the user's: the active definition, when every use of the
//   macro needs the same change; otherwise each use that needs it spells the new value out.
// Between repair/Repair.h (the edits, on the loaded program) and repair/RepairFile.h (which
// verifies the texts made here); the token names are repair/Spelling.h's.
//
// Contract: an edit that cannot be made on the text (no token carries it, no spelling in the
// token's style, a token in no file of the user's, one token asked two different changes) is
// left out and named in SourcePatch::refused, never thrown. Only files of the user's are
// changed (not system headers, not the tool's include directory), and only the tokens or
// lines the edits ask for; the texts made are not compiled here.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "frontend/Frontend.h"
#include "repair/Repair.h"

namespace scopemc {

/// One change to a file's text.
struct TextEdit {
  std::string file;           // as the compiler names it (a litmus translation: the test's)
  unsigned line = 0, col = 0; // 1-based, in the text before any edit
  /// The replaced token ("" for an insertion) and its replacement, exactly as the repaired
  /// text has it ("" for a removal, e.g. patchIr's syncscope widened to system; shownAfter).
  std::string before, after;
  std::string change;              // in the model's words: "block -> device", "relaxed -> acquire"
  std::string reason;              // why the access changes (AccessEdit::reason)
  const SourceLoc *site = nullptr; // the access that changes (null: a race repair's edit)
};

/// The replacement as a person reads it: "(removed)" for a removal, else TextEdit::after.
inline std::string shownAfter(const TextEdit &e) {
  return e.after.empty() && !e.before.empty() ? "(removed)" : e.after;
}

struct SourcePatch {
  std::vector<TextEdit> edits; // in the order made (patchSource: replacements, then insertions)
  std::map<std::string, std::string> original; // path -> text, for each changed file
  std::map<std::string, std::string> repaired; // path -> text, for the same files
  /// Edits that cannot be made on the text, each with the reason.
  std::vector<std::string> refused;
};

/// The text edits that make `edits` (grouped per access) on the program compiled from `file`
/// with `fo` (its remapped files read as the compiler does); patchIr for a .ll file; an empty
/// patch for no edits. `annotated`: the accesses each GPUMC annotation call decided
/// (RepairResult): an annotation is renamed only when every access it decided needs the same
/// scope, else split around the access. Throws InputError when `file` does not compile.
SourcePatch
patchSource(const std::string &file, const FrontendOptions &fo,
            const std::vector<AccessEdit> &edits,
            const std::map<const SourceLoc *, std::vector<const SourceLoc *>> &annotated);

/// The same for textual LLVM IR (read from fo.remappedFiles, else from disk; unreadable: every
/// edit refused): each access's instruction line (frontend's line marks) gets its syncscope
/// widened (removed for system scope) and its first ordering keyword changed. An access with
/// no syncscope (a plain one to make atomic) or no ordering keyword is refused. An order edit
/// after a syncscope edit of the same line gets its column in the line already edited.
SourcePatch patchIr(const std::string &file, const FrontendOptions &fo,
                    const std::vector<AccessEdit> &edits);

/// A unified diff of two texts by lines (3 lines of context, hunks at most 6 unchanged lines
/// apart joined), with `path` in its headers ("--- path", "+++ path (repaired)"); the headers
/// alone when the texts are equal.
std::string unifiedDiff(const std::string &path, const std::string &before,
                        const std::string &after);

/// The offset of line:col (1-based) in `text`; npos past the end of that line (its end, where
/// an insertion goes, is inside) or past the text's last line.
size_t offsetOf(const std::string &text, unsigned line, unsigned col);

} // namespace scopemc
