#include "repair/RepairFile.h"

#include <algorithm>
#include <filesystem>

#include "litmus/Translate.h"
#include "session/LitmusRun.h"

namespace scopemc {

namespace fs = std::filesystem;

namespace {

bool isLitmus(const std::string &file) { return fs::path(file).extension() == ".litmus"; }

/// Carries the edits made on a litmus test's C translation over to the test's text. The
/// translation copies each thread body verbatim under a `#line` naming the test, indented to
/// its column, so an edit's presumed position is its position in the .litmus file; the text
/// found there is checked before it is replaced.
void ontoLitmus(SourcePatch &p, const std::string &file, const std::string &text) {
  std::vector<TextEdit> kept;
  std::vector<std::pair<size_t, TextEdit>> at;
  for (const TextEdit &e : p.edits) {
    size_t off = e.file == file ? offsetOf(text, e.line, e.col) : std::string::npos;
    if (off == std::string::npos || text.compare(off, e.before.size(), e.before) != 0) {
      p.refused.push_back(e.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.col) +
                          ": '" + e.before + "' -> '" + e.after +
                          "' falls outside the test's thread bodies");
      continue;
    }
    kept.push_back(e);
    at.push_back({off, e});
  }
  std::string out = text;
  std::stable_sort(at.begin(), at.end(), [](auto &a, auto &b) { return a.first > b.first; });
  for (auto &[off, e] : at)
    out.replace(off, e.before.size(), e.after);
  p.edits = std::move(kept);
  p.original.clear();
  p.repaired.clear();
  if (!p.edits.empty()) {
    p.original[file] = text;
    p.repaired[file] = std::move(out);
  }
}

/// The options that verify the litmus test `text` (its C translation).
RunOptions litmusOptions(const RunOptions &opts, const std::string &text) {
  try {
    litmus::Test t = litmus::parse(text, opts.file);
    return translationOptions(t, litmus::translate(t).source, opts);
  } catch (const litmus::LitmusError &e) {
    throw InputError(e.what());
  }
}

} // namespace

namespace {

/// The scope repair of a source file (RepairFile.h), before any race repair.
FileRepair repairScopes(const RunOptions &opts, const RepairOptions &ropts) {
  bool litmus = isLitmus(opts.file);
  std::string text = litmus ? sourceText(opts) : "";
  RunOptions run = litmus ? litmusOptions(opts, text) : opts;
  FileRepair out;
  out.program = std::shared_ptr<const Program>(loadProgram(run));
  out.search = repairProgram(out.program, run, ropts);
  if (out.search.edits.empty()) {
    out.final = std::move(out.search.last);
    return out;
  }
  out.patch = patchSource(run.file, run.frontend, out.search.edits, out.search.annotated);
  if (!litmus) {
    run.frontend.remappedFiles = out.patch.repaired;
    try {
      out.final = verify(run);
    } catch (const InputError &e) {
      // Never emit a source that does not compile: the edits are dropped, the verdict is the
      // original program's.
      out.patch.refused.push_back("the edited source does not compile, so no edit is written: " +
                                  std::string(e.what()));
      out.patch.edits.clear();
      out.patch.original.clear();
      out.patch.repaired.clear();
      out.final = std::move(out.search.last);
    }
    return out;
  }
  ontoLitmus(out.patch, opts.file, text);
  auto repaired = out.patch.repaired.find(opts.file);
  out.final =
      verify(litmusOptions(opts, repaired == out.patch.repaired.end() ? text : repaired->second));
  return out;
}

} // namespace

FileRepair repairFile(const RunOptions &given, const RepairOptions &ropts) {
  RunOptions opts = given;
  opts.checks.atomicity = opts.checks.atomicity || ropts.races; // (on in repair --races)
  FileRepair out = repairScopes(opts, ropts);
  if (!ropts.races || isLitmus(opts.file) || fs::path(opts.file).extension() == ".ll")
    return out;
  // Races on the text the scope repair left (its edits are kept: the race repair starts from
  // them, and the patch holds both).
  RunOptions run = opts;
  for (auto &[path, text] : out.patch.repaired)
    run.frontend.remappedFiles[path] = text;
  RaceRepairResult races = repairRaces(run, ropts.maxRounds, ropts.progress);
  if (!races.edits.empty()) {
    out.patch.original.try_emplace(opts.file, races.original);
    out.patch.repaired[opts.file] = races.repaired;
    out.patch.edits.insert(out.patch.edits.end(), races.edits.begin(), races.edits.end());
  }
  if (!races.errors.empty() || !races.edits.empty())
    out.final = races.final;
  out.races = std::move(races);
  return out;
}

} // namespace scopemc
