// The command line of scopemc (and of scopemc-mpi, which runs it in every process).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <llvm/Config/llvm-config.h>

#include "cli/Args.h"
#include "cli/CheckFlags.h"
#include "cli/CommandLine.h"
#include "cli/DotOutput.h"
#include "cli/HtmlOutput.h"
#include "cli/JsonOutput.h"
#include "cli/Litmus.h"
#include "cli/RepairCommand.h"
#include "cli/Sarif.h"
#include "cli/TextOutput.h"
#include "cli/Watchdog.h"
#include "frontend/CompileDb.h"
#include "frontend/PrefixCache.h"
#include "model/Errors.h"
#include "session/Session.h"

namespace scopemc {
namespace {

long peakRssKb() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

std::string versionText() {
  return std::string("scopemc 0.1.0 (LLVM ") + LLVM_VERSION_STRING + ")";
}

int runCheck(RunOptions &opts, const OutputOptions &output, const CliHooks &hooks) {
  RunResult res = verify(opts);
  if (hooks.afterCheck)
    hooks.afterCheck(res);
  for (const Report &r : res.reports)
    printReport(std::cout, r, output.printTrace, output.verbose);
  printSummary(std::cout, res, opts.interpreter.unroll);
  if (!output.dotFile.empty() && !res.reports.empty()) {
    std::ofstream dot(output.dotFile);
    if (!dot) {
      std::cerr << "scopemc: cannot write " << output.dotFile << "\n";
      return kExitUsage;
    }
    dot << reportToDot(res.reports.front(), output.verbose);
  }
  if (!output.htmlFile.empty() && !res.reports.empty()) {
    std::ofstream html(output.htmlFile);
    if (!html) {
      std::cerr << "scopemc: cannot write " << output.htmlFile << "\n";
      return kExitUsage;
    }
    html << reportToHtml(res.reports.front(), opts.file, output.verbose);
  }
  if (!output.jsonFile.empty()) {
    std::ofstream out(output.jsonFile);
    if (!out) {
      std::cerr << "scopemc: cannot write " << output.jsonFile << "\n";
      return kExitUsage;
    }
    out << resultToJson(res, opts.file, peakRssKb()) << "\n";
  }
  if (!output.sarifFile.empty()) {
    std::ofstream out(output.sarifFile);
    if (!out) {
      std::cerr << "scopemc: cannot write " << output.sarifFile << "\n";
      return kExitUsage;
    }
    SarifInvocation how;
    if (res.exploration.timedOut || res.exploration.memoryLimitHit) {
      how.successful = false;
      how.notification = res.exploration.timedOut
                             ? "the time limit was reached: the search did not finish"
                             : "the memory limit was reached: the search did not finish";
    } else if (res.verdict == Verdict::Bounded) {
      how.notification = "bounded: a loop bound cut the search (not verified)";
    }
    out << sarifLog(res.reports, nullptr, how).dump(2) << "\n";
  }
  return exitCodeOf(res.verdict);
}

/// --json and --sarif for a run that ended without a result: an input that was refused
/// (verdict "refused"), or a limit the watchdog enforced ("timeout", "bounded"); the message,
/// and its place when it starts with one (FILE:LINE:COL: ...).
void writeRefusal(const std::string &file, const OutputOptions &output, const std::string &message,
                  const char *verdict = "refused") {
  SarifInvocation how{false, message, "", 0, 0};
  static const std::regex placed(R"(^([^:\n]+):(\d+):(\d+): )");
  if (std::smatch m; std::regex_search(message, m, placed)) {
    how.file = m[1];
    how.line = static_cast<unsigned>(std::stoul(m[2]));
    how.col = static_cast<unsigned>(std::stoul(m[3]));
  }
  if (!output.sarifFile.empty())
    std::ofstream(output.sarifFile) << sarifLog({}, nullptr, how).dump(2) << "\n";
  if (!output.jsonFile.empty()) {
    nlohmann::json j = {{"schema_version", kJsonSchemaVersion},
                        {"tool", "scopemc"},
                        {"file", file},
                        {"verdict", verdict},
                        {"message", message},
                        {"position", how.file.empty() ? nlohmann::json(nullptr)
                                                      : nlohmann::json{{"file", how.file},
                                                                       {"line", how.line},
                                                                       {"column", how.col}}}};
    std::ofstream(output.jsonFile) << j.dump(2) << "\n";
  }
}

int runEstimate(const RunOptions &opts, unsigned samples) {
  auto program = loadProgram(opts);
  SearchEstimate e = estimateProgram(*program, opts, samples);
  if (!e.failure.empty()) {
    std::printf("Estimate failed: %s\n", e.failure.c_str());
    return kExitInternal;
  }
  double perPath = e.samples ? e.seconds / e.samples : 0;
  std::printf("Estimated complete executions: %.0f\n", e.complete);
  std::printf("Estimated blocked executions: %.0f\n", e.blocked);
  std::printf("Estimated time of a full run with one worker: %.1fs\n",
              (e.complete + e.blocked) * perPath);
  std::printf(
      "(from %u random paths in %.2fs, %u of them reaching an execution; an estimate, not a "
      "verification)\n",
      e.samples, e.seconds, e.reached);
  if (e.reached * 10 < e.samples)
    std::printf(
        "Warning: most random paths ended in branches the exploration drops (spin loops that "
        "cannot continue): the estimate is unreliable, likely far too low.\n");
  return kExitVerified;
}

/// The inputs: the first file is the program's (its name is argv[0]'s), the others are linked
/// with it; -p reads their flags (and, without files, the files) from a compilation database.
std::optional<int> takeInputs(std::vector<std::string> files, const std::string &compileDb,
                              bool repair, RunOptions &opts) {
  if (!compileDb.empty()) {
    try {
      CompileDbUse use = useCompileDb(compileDb, files, opts.frontend);
      files = use.files;
      for (const std::string &n : use.notes)
        std::cerr << "scopemc: note: " << printable(n) << "\n";
    } catch (const InputError &e) {
      std::cerr << "scopemc: error: " << printable(e.what()) << "\n";
      return kExitInput;
    }
  }
  if (files.empty()) {
    std::cerr << "scopemc: no input file (give FILES, or -p BUILD_DIR)\n";
    return kExitUsage;
  }
  if (const std::string &in = opts.interpreter.files.stdinFile; !in.empty() && !std::ifstream(in)) {
    std::cerr << "scopemc: --stdin " << in << ": cannot open the file\n";
    return kExitUsage;
  }
  if (repair && files.size() > 1) {
    std::cerr << "scopemc repair: takes one source file\n";
    return kExitUsage;
  }
  opts.file = files.front();
  opts.frontend.otherSources.assign(files.begin() + 1, files.end());
  return std::nullopt;
}

} // namespace

int runCommandLine(int argc, char **argv, const CliHooks &hooks) {
  // Everything after `--` goes to the compiler.
  std::vector<std::string> args(argv + 1, argv + argc), compilerArgs;
  if (auto it = std::find(args.begin(), args.end(), "--"); it != args.end()) {
    compilerArgs.assign(it + 1, args.end());
    args.erase(it, args.end());
  }
  if (!args.empty() && args[0] == "litmus" && !hooks.primary)
    return kExitVerified; // (another process runs the command)
  if (!args.empty() && args[0] == "litmus")
    return litmusCommand(std::vector<std::string>(args.begin() + 1, args.end()),
                         defaultIncludeDir(argv[0]));
  bool repair = !args.empty() && args[0] == "repair";
  if (!args.empty() && (args[0] == "check" || repair))
    args.erase(args.begin());

  RunOptions opts;
  OutputOptions output;
  opts.frontend.compilerArgs = compilerArgs;
  CLI::App app{
      "scopemc: explores every consistent execution of a concurrent C/C++ program "
      "under (scoped) RC11 and reports assertion violations, data races, "
      "heterogeneous races, barrier divergence, deadlocks and memory errors.\n\n"
      "  scopemc [check] FILE... [options] [-- compiler flags]\n"
      "  scopemc repair FILE [-o OUT] [--orders] [options] [-- compiler flags]\n"
      "  scopemc litmus FILE|DIR... [--expect CSV] [--model M]   (see scopemc litmus --help)\n"};
  app.name(repair ? "scopemc repair" : "scopemc");
  RepairCliOptions repairOpts;
  if (repair) {
    app.description("scopemc repair: widens the scopes of heterogeneously racing accesses (and "
                    "with --orders strengthens orders) until the program verifies, keeps a "
                    "minimal set of edits, writes the repaired source and a diff, and verifies "
                    "the repaired source afresh. Exit 0: the repaired program verifies; 42: "
                    "errors remain.\n\n"
                    "  scopemc repair FILE [-o OUT] [--orders] [--races] [options] [-- compiler "
                    "flags]\n");
    addRepairOptions(app, repairOpts);
  }
  app.footer("Environment: SCOPEMC_CACHE_DIR, where a precompiled CUDA runtime header is kept "
             "(default $XDG_CACHE_HOME/scopemc or ~/.cache/scopemc; empty: none); "
             "SCOPEMC_INCLUDE_DIR, the tool's headers when they are not next to the executable.");
  app.set_version_flag("--version", versionText());
  CheckFlags flags;
  addInputOptions(app, flags, opts);
  addReductionOptions(app, flags);
  addCheckingOptions(app, flags, opts);
  addOutputOptions(app, output);
  addSearchOptions(app, flags, opts);
  if (auto rc = parseArgs(app, args))
    return *rc;
  if (auto rc = takeInputs(flags.files, flags.compileDb, repair, opts))
    return *rc;
  // The watchdog's thread writes the refusal while this one goes on changing opts and output:
  // it gets copies (and a process that writes no outputs, below, none to write).
  Watchdog watchdog(opts.exploration.timeoutSeconds, opts.exploration.memoryLimitMb,
                    [file = opts.file, out = hooks.primary ? output : OutputOptions{}](
                        const std::string &why, bool timedOut) {
                      writeRefusal(file, out, why, timedOut ? "timeout" : "bounded");
                    });
  if (auto rc = applyCheckFlags(flags, opts, argv[0]))
    return *rc;
  reportToTerminal(opts);

  opts.backend = hooks.backend;
  opts.interpreter.reductions.waiver = hooks.waiver;
  if (!hooks.primary) { // reports, files and other commands are another process's
    if (repair)
      return kExitVerified;
    output = OutputOptions{};
    opts.exploration.onProgress = nullptr;
    opts.exploration.onWarning = nullptr;
  }
  try {
    if (flags.estimate)
      return runEstimate(opts, flags.samples);
    if (repair) {
      opts.backend = nullptr; // (rank 0 alone: its rounds follow the reports it holds)
      return runRepair(opts, output, repairOpts);
    }
    return runCheck(opts, output, hooks);
  } catch (const InputError &e) {
    std::string text = e.what();
    if (!e.unsetParameters.empty()) {
      text += ": give it with";
      for (const std::string &p : e.unsetParameters)
        text += " --arg " + p + "=VALUE";
    }
    std::cerr << "scopemc: error: " << printable(text) << "\n";
    writeRefusal(opts.file, output, text);
    return kExitInput;
  } catch (const UnsupportedProgram &e) {
    std::cerr << "scopemc: error: " << printable(e.what()) << "\n";
    writeRefusal(opts.file, output, e.what());
    return kExitInput;
  } catch (const InternalError &e) {
    std::cerr << "scopemc: internal error: " << printable(e.what()) << "\n";
    return kExitInternal;
  } catch (const std::exception &e) {
    std::cerr << "scopemc: internal error: " << printable(e.what()) << "\n";
    return kExitInternal;
  }
}

} // namespace scopemc
