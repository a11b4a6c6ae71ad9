// Repair edits on textual LLVM IR: the instruction of each access is found by the line the
// frontend marked it with (one instruction per line), and its `syncscope("...")` or ordering
// keyword is replaced on that line, located by LLVM's own syntax (the syncscope operand, the
// first ordering keyword), never by a pattern over the file.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>

#include "repair/SourceEdit.h"
#include "repair/Spelling.h"

namespace scopemc {

namespace {

std::string syncScopeFor(Scope s) {
  switch (s) {
  case Scope::Thread:
    return " syncscope(\"singlethread\")";
  case Scope::Block:
    return " syncscope(\"workgroup\")";
  case Scope::Device:
    return " syncscope(\"agent\")";
  case Scope::System:
    return ""; // the default scope of LLVM IR
  }
  return "";
}

struct Line {
  std::string text;
  std::vector<TextEdit> edits;
};

/// The first whole word of `line` that is an IR ordering keyword: (column, word).
std::optional<std::pair<size_t, std::string>> orderingIn(const std::string &line) {
  static const char *kWords[] = {"unordered", "monotonic", "acquire",
                                 "release",   "acq_rel",   "seq_cst"};
  std::optional<std::pair<size_t, std::string>> best;
  for (const char *w : kWords)
    for (size_t at = line.find(w); at != std::string::npos; at = line.find(w, at + 1)) {
      auto isWord = [&](size_t k) {
        return k < line.size() && (std::isalnum(line[k]) || line[k] == '_');
      };
      if ((at > 0 && isWord(at - 1)) || isWord(at + std::string(w).size()))
        continue;
      if (!best || at < best->first)
        best = std::make_pair(at, std::string(w));
      break;
    }
  return best;
}

} // namespace

SourcePatch patchIr(const std::string &file, const FrontendOptions &fo,
                    const std::vector<AccessEdit> &edits) {
  SourcePatch out;
  std::string text;
  if (auto it = fo.remappedFiles.find(file); it != fo.remappedFiles.end()) {
    text = it->second;
  } else {
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  std::vector<const SourceLoc *> sites;
  for (auto &e : edits)
    if (std::find(sites.begin(), sites.end(), e.site) == sites.end())
      sites.push_back(e.site);
  for (const SourceLoc *site : sites) {
    if (!site || site->line == 0 || site->line > lines.size()) {
      out.refused.push_back(toString(site) + ": the instruction's line in the IR is not known");
      continue;
    }
    std::string &line = lines[site->line - 1];
    const AccessEdit *first = nullptr;
    std::optional<Scope> to;
    bool order = false;
    for (auto &e : edits)
      if (e.site == site) {
        first = first ? first : &e;
        if (e.kind == AccessEdit::Kind::Scope || e.kind == AccessEdit::Kind::MakeAtomic)
          to = to ? std::max(*to, e.to) : e.to;
        else
          order = true;
      }
    if (to) {
      size_t at = line.find(" syncscope(\"");
      size_t end = at == std::string::npos ? at : line.find("\")", at);
      std::string before = end == std::string::npos ? "" : line.substr(at, end + 2 - at);
      if (before.empty()) {
        out.refused.push_back(toString(site) + ": no syncscope on the instruction to widen");
      } else {
        std::string after = syncScopeFor(*to);
        std::string change =
            std::string(scopeName(first->from)) + " -> " + std::string(scopeName(*to));
        out.edits.push_back(TextEdit{file, site->line, static_cast<unsigned>(at + 2),
                                     before.substr(1), after.empty() ? "" : after.substr(1), change,
                                     first->reason, site});
        line.replace(at, before.size(), after);
      }
    }
    if (order) {
      MemOrder want = orderAfter(edits, site);
      auto word = orderingIn(line);
      auto repl = word ? renameOrder(word->second, want) : std::nullopt;
      if (!repl) {
        out.refused.push_back(toString(site) + ": no ordering keyword on the instruction");
      } else if (*repl != word->second) {
        out.edits.push_back(
            TextEdit{file, site->line, static_cast<unsigned>(word->first + 1), word->second, *repl,
                     orderWord(first->order) + " -> " + orderWord(want), first->reason, site});
        line.replace(word->first, word->second.size(), *repl);
      }
    }
  }
  if (out.edits.empty())
    return out;
  std::string repaired;
  for (auto &l : lines)
    repaired += l + "\n";
  out.original[file] = text;
  out.repaired[file] = repaired;
  return out;
}

} // namespace scopemc
