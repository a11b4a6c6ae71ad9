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
#include "cli/CommandLine.h"
#include "cli/DotOutput.h"
#include "cli/HtmlOutput.h"
#include "cli/JsonOutput.h"
#include "cli/Litmus.h"
#include "cli/RepairCommand.h"
#include "cli/Sarif.h"
#include "cli/TextOutput.h"
#include "cli/Watchdog.h"
#include "interpreter/frontend/CompileDb.h"
#include "interpreter/frontend/PrefixCache.h"
#include "model/Errors.h"
#include "session/Session.h"

namespace scopemc {
namespace {

long peakRssKb() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

/// --args TEXT as a shell splits it: words separated by blanks, '...' and "..." keep blanks,
/// a backslash keeps the next character. Null when a quote is not closed.
std::optional<std::vector<std::string>> splitWords(const std::string &text) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (size_t k = 0; k < text.size(); ++k) {
    char c = text[k];
    if (quote) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"' && k + 1 < text.size())
        word += text[++k];
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (c == '\\' && k + 1 < text.size()) {
      word += text[++k];
      inWord = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord)
        words.push_back(std::move(word));
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote)
    return std::nullopt;
  if (inWord)
    words.push_back(std::move(word));
  return words;
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
void writeRefusal(const RunOptions &opts, const OutputOptions &output, const std::string &message,
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
                        {"file", opts.file},
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
    app.add_option("-o,--output", repairOpts.output,
                   "Where to write the repaired source (default: NAME.repaired.EXT next to it)");
    app.add_flag("--orders", repairOpts.orders,
                 "Also strengthen orders (relaxed -> release/acquire) for data races and assertion "
                 "violations a reads-from edge would order");
    app.add_flag("--races", repairOpts.races,
                 "Then repair data races and atomicity violations on the source: a racing x++ "
                 "or x += v becomes an atomic update, a race between two statements of a block "
                 "gets a barrier between them; each edit verified (docs/model.md §7)");
    app.add_option("--max-rounds", repairOpts.maxRounds,
                   "Rounds of edits and verification (default 8)")
        ->check(CLI::Range(1u, 100u));
  }
  app.footer("Environment: SCOPEMC_CACHE_DIR, where a precompiled CUDA runtime header is kept "
             "(default $XDG_CACHE_HOME/scopemc or ~/.cache/scopemc; empty: none); "
             "SCOPEMC_INCLUDE_DIR, the tool's headers when they are not next to the executable.");
  app.set_version_flag("--version", versionText());
  std::vector<std::string> files;
  app.add_option("files", files,
                 "Input: .c, .cpp, .cu, .cl (OpenCL C), .ll or .bc, one or several linked into "
                 "one program (CUDA device code across files too); repair takes one, or a "
                 ".litmus");
  std::string compileDb;
  app.add_option("-p", compileDb,
                 "A build directory holding compile_commands.json (or the file): each input is "
                 "compiled with the flags its entry records; without FILES, every file it lists");
  app.add_option("--stdin", opts.interpreter.files.stdinFile,
                 "The file the program reads as its standard input (default: empty)");
  app.add_option("--input", opts.interpreter.files.readableDirs,
                 "A folder whose files the program may read, besides the working directory "
                 "(repeatable); its writes never reach the disk");
  std::string grid;
  std::vector<std::string> kernelArgs;
  app.add_option("--kernel", opts.kernel.name,
                 "Run this kernel on the grid given by --grid instead of main; pointer parameters "
                 "get zero-initialised buffers, and NAME_post (or --post), if defined, is called "
                 "with the same arguments after the kernel");
  app.add_option("--grid", grid,
                 "The grid for --kernel: GRID:BLOCK, each X, XxY or XxYxZ (blocks per "
                 "dimension : threads per block per dimension; OpenCL: work-groups : "
                 "work-items per work-group), or BLOCKSxTHREADS, or DEVICESxBLOCKSxTHREADS "
                 "(the kernel runs on each device)");
  app.add_option("--arg", kernelArgs,
                 "NAME=VALUE: the value of a kernel parameter that is not a pointer: an integer "
                 "or floating-point number, numbers separated by commas for a vector, "
                 "NAME.FIELD=VALUE for each field of a struct (repeatable)");
  std::string programArgs;
  app.add_option("--args", programArgs,
                 "The program's arguments, as one string a shell would split ('input.egr 4 2'): "
                 "main gets argc and argv with argv[0] \"./NAME\" for NAME.c and argv[argc] null");
  app.add_option(
      "--buffer-size", opts.kernel.bufferBytes,
      "Bytes of each pointer parameter's buffer (default: 64 per thread, at least 4096)");
  app.add_option("--post", opts.kernel.post,
                 "Function called after the kernel with its arguments, to assert on the results");
  std::vector<std::string> defines, includes;
  app.add_option("-D", defines, "Define a macro for the compiler (repeatable)");
  app.add_option("-I", includes, "Add an include directory for the compiler (repeatable)");
  app.add_option("--unroll", opts.interpreter.unroll,
                 "Let a loop take its back edge at most N times per call (0: no bound); spin-loop "
                 "iterations that make no progress are cut anyway. A run cut by the bound is "
                 "reported as bounded, never as verified");
  std::string undefinedFunctions = "refuse";
  app.add_option("--undefined-functions", undefinedFunctions,
                 "What a call to a function without a definition does: refuse (the default: the "
                 "call is named with its position) or nondet (it returns one arbitrary value of "
                 "its type per call and changes no memory, as GPU verifiers treat them; the "
                 "verdict is then bounded)")
      ->check(CLI::IsMember({"refuse", "nondet"}));
  bool noSymmetry = false;
  app.add_flag(
      "--no-symmetry", noSymmetry,
      "Explore every permutation of interchangeable threads (threads of one launch or "
      "pthread_create loop that behave alike: docs/symmetry.md) instead of leaving out the "
      "orders that provably add nothing; turns off every reduction (--no-thread-symmetry and "
      "--no-commuting-updates turn off one)");
  bool noThreadSymmetry = false;
  app.add_flag("--no-thread-symmetry", noThreadSymmetry,
               "Explore every permutation of interchangeable threads, keeping the commuting "
               "updates reduction");
  bool noCommuting = false;
  app.add_flag("--no-commuting-updates", noCommuting,
               "Explore every order of atomic adds whose results are unused (counters: "
               "docs/commuting.md) instead of one order where nothing can tell them apart");
  bool noReductions = false;
  app.add_flag("--no-reductions", noReductions,
               "Plain optimal DPOR, the reference every reduction is tested against: no "
               "symmetry, commuting updates, spin-loop cuts, zero-net-effect iterations, idle "
               "rounds, election shortcuts or pthread barrier phases formed by calls (loops then "
               "need --unroll N to end)");
  std::string planted; // a test aid: hidden from --help (docs/development.md, "Reductions")
  app.add_option("--planted-mistake", planted)->group("");
  bool keepGoing = false, stopFirst = false, noRaces = false, noDivergence = false;
  app.add_flag("--keep-going", keepGoing,
               "Explore every execution and report each distinct error once");
  app.add_flag("--stop-on-first", stopFirst, "Stop at the first error (the default)");
  app.add_flag("--disable-race-detection", noRaces, "Do not report data or heterogeneous races");
  app.add_flag("--disable-barrier-divergence", noDivergence, "Do not report barrier divergence");
  bool ignoreExit = false;
  app.add_flag("--ignore-exit-status", ignoreExit,
               "Do not report a non-zero exit status (main's return value, exit()'s argument)");
  app.add_flag("--check-atomicity", opts.checks.atomicity,
               "Report atomicity violations: a thread's two accesses to a location with no "
               "synchronisation between, split by another thread's (RR|W, WR|W, WW|R, RW|RW, "
               "W1W2|W2W1; docs/model.md)");
  app.add_flag("--print-error-trace", output.printTrace,
               "Print the execution that shows each error, thread by thread (the reported events "
               "first, then why they are an error, then the trace)");
  app.add_option("--html", output.htmlFile,
                 "Write the first error's witness as one self-contained HTML page to FILE: "
                 "threads by device, block and warp, the reported events highlighted, the "
                 "missing edge, the source lines");
  app.add_flag("--verbose", output.verbose,
               "Show the events of scopemc's own headers (a launch's plumbing, the CUDA "
               "runtime's copies) in traces and witnesses instead of folding them");
  app.add_option("--json", output.jsonFile, "Write the result as JSON to FILE");
  app.add_option("--sarif", output.sarifFile,
                 "Write the errors (and a repair's edits, as fixes) as SARIF 2.1.0 to FILE");
  app.add_option("--dump-error-graph", output.dotFile,
                 "Write the execution showing the first error as a Graphviz graph to FILE.dot");
  uint64_t seed = 0;
  auto *seedOpt = app.add_option("--seed", seed,
                                 "Choose the next thread pseudo-randomly with this seed "
                                 "(the explored executions are the same)");
  app.add_option("--timeout", opts.exploration.timeoutSeconds, "Stop after S seconds (exit 124)");
  opts.exploration.memoryLimitMb = defaultMemoryLimitMb();
  app.add_option("--memory-limit", opts.exploration.memoryLimitMb,
                 "Stop when the tool's resident memory exceeds MB megabytes (verdict bounded, "
                 "exit 3; default: 80% of the machine's memory, 0: none)");
  std::string model = "scoped-rc11";
  app.add_option("--model", model, "Memory model: scoped-rc11 (default) or rc11 (scopes ignored)")
      ->check(CLI::IsMember({"scoped-rc11", "rc11"}));
  bool estimate = false;
  unsigned samples = 1000;
  app.add_flag("--estimate", estimate,
               "Only estimate the number of executions and the time a full run takes (Knuth's "
               "estimator over random paths of the search), without verifying");
  app.add_option("--estimate-samples", samples, "Random paths for --estimate (default 1000)")
      ->check(CLI::Range(1u, 100000000u));
  app.add_option("--nthreads", opts.exploration.workers,
                 "Exploration workers (TBB). The verdict, the errors found and, when the "
                 "search runs to its end (no error, or --keep-going), the execution counts do "
                 "not depend on it; a search stopped at its first error counts the executions "
                 "each worker had finished")
      ->check(CLI::Range(1u, 256u));
  if (auto rc = parseArgs(app, args))
    return *rc;
  if (auto rc = takeInputs(files, compileDb, repair, opts))
    return *rc;
  Watchdog watchdog(opts.exploration.timeoutSeconds, opts.exploration.memoryLimitMb,
                    [&opts, &output](const std::string &why, bool timedOut) {
                      writeRefusal(opts, output, why, timedOut ? "timeout" : "bounded");
                    });
  for (auto &d : defines)
    opts.frontend.compilerArgs.insert(opts.frontend.compilerArgs.begin(), "-D" + d);
  for (auto &i : includes)
    opts.frontend.compilerArgs.insert(opts.frontend.compilerArgs.begin(), "-I" + i);
  opts.frontend.includeDir = defaultIncludeDir(argv[0]);
  opts.frontend.pchDir = defaultCacheDir();
  opts.frontend.showWarnings = [](const std::string &text) { std::cerr << printable(text); };
  opts.checks.stopOnFirst = !keepGoing;
  opts.interpreter.symmetry = opts.exploration.symmetry = !noSymmetry && !noThreadSymmetry;
  opts.interpreter.commutingUpdates = opts.exploration.commutingUpdates =
      !noSymmetry && !noCommuting;
  if (noReductions)
    opts.disableAllReductions();
  if (!planted.empty() && !opts.plantMistake(planted)) {
    std::cerr << "scopemc: --planted-mistake " << planted << ": unknown (";
    for (std::string_view n : plantedMistakes())
      std::cerr << " " << n;
    std::cerr << " )\n";
    return kExitUsage;
  }
  opts.undefinedAsNondet = undefinedFunctions == "nondet";
  opts.checks.races = !noRaces;
  opts.checks.exitStatus = !ignoreExit;
  opts.checks.barrierDivergence = !noDivergence;
  if (opts.kernel.name.empty() != grid.empty()) {
    std::cerr << "scopemc: --kernel and --grid go together\n";
    return kExitUsage;
  }
  if (!grid.empty() && !parseGrid(grid, opts.kernel)) {
    std::cerr << "scopemc: --grid " << grid
              << ": expected GRID:BLOCK (each X, XxY or XxYxZ), BLOCKSxTHREADS or "
              << "DEVICESxBLOCKSxTHREADS with positive numbers\n";
    return kExitUsage;
  }
  if (!grid.empty())
    if (std::string why = gridBeyondLimits(opts.kernel); !why.empty()) {
      std::cerr << "scopemc: --grid " << grid << " is beyond scopemc's limits: " << why << "\n";
      return kExitUsage;
    }
  if (!programArgs.empty() && !opts.kernel.name.empty()) {
    std::cerr << "scopemc: --args are main's arguments; --kernel runs a kernel instead of main\n";
    return kExitUsage;
  }
  if (auto words = splitWords(programArgs))
    opts.programArguments = std::move(*words);
  else {
    std::cerr << "scopemc: --args " << programArgs << ": a quote is not closed\n";
    return kExitUsage;
  }
  for (auto &a : kernelArgs) {
    size_t eq = a.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == a.size()) {
      std::cerr << "scopemc: --arg " << a
                << ": expected NAME=VALUE (a number, numbers separated by commas, or a struct's "
                   "field as NAME.FIELD=VALUE)\n";
      return kExitUsage;
    }
    opts.kernel.args.push_back({a.substr(0, eq), a.substr(eq + 1)});
  }
  if (*seedOpt)
    opts.exploration.scheduleSeed = seed;
  opts.exploration.model = model == "rc11" ? ModelKind::RC11 : ModelKind::ScopedRC11;
  const bool tty = isatty(STDERR_FILENO);
  if (tty) // one line, rewritten in place, cleared at the end
    opts.exploration.onProgress = [](const std::string &line) { std::cerr << "\r\033[K" << line; };
  opts.exploration.onWarning = [tty](const ExplorationWarning &w) {
    static std::once_flag once; // parallel workers may each see a long execution
    std::call_once(once, [&] {
      std::cerr << (tty ? "\r\033[K" : "") << "scopemc: warning: " << w.text << "\n";
      if (w.namesBusyLoops)
        std::cerr << "bound them with --unroll N (the verdict is then bounded), or --timeout S\n";
    });
  };

  opts.backend = hooks.backend;
  if (!hooks.primary) { // reports, files and other commands are another process's
    if (repair)
      return kExitVerified;
    output = OutputOptions{};
    opts.exploration.onProgress = nullptr;
    opts.exploration.onWarning = nullptr;
  }
  try {
    if (estimate)
      return runEstimate(opts, samples);
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
    writeRefusal(opts, output, text);
    return kExitInput;
  } catch (const UnsupportedProgram &e) {
    std::cerr << "scopemc: error: " << printable(e.what()) << "\n";
    writeRefusal(opts, output, e.what());
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
