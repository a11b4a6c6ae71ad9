#include "cli/CheckFlags.h"

#include <iostream>
#include <mutex>

#include <unistd.h>

#include "cli/TextOutput.h"
#include "cli/Watchdog.h"
#include "frontend/KernelHarness.h"
#include "frontend/PrefixCache.h"

namespace scopemc {

namespace {

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

/// --kernel with --grid, the grid's form and limits, --args and --arg.
std::optional<int> applyKernelFlags(const CheckFlags &f, RunOptions &opts) {
  if (opts.kernel.name.empty() != f.grid.empty()) {
    std::cerr << "scopemc: --kernel and --grid go together\n";
    return kExitUsage;
  }
  if (!f.grid.empty() && !parseGrid(f.grid, opts.kernel)) {
    std::cerr << "scopemc: --grid " << f.grid
              << ": expected GRID:BLOCK (each X, XxY or XxYxZ), BLOCKSxTHREADS or "
              << "DEVICESxBLOCKSxTHREADS with positive numbers\n";
    return kExitUsage;
  }
  if (!f.grid.empty())
    if (std::string why = gridBeyondLimits(opts.kernel); !why.empty()) {
      std::cerr << "scopemc: --grid " << f.grid << " is beyond scopemc's limits: " << why << "\n";
      return kExitUsage;
    }
  if (!f.programArgs.empty() && !opts.kernel.name.empty()) {
    std::cerr << "scopemc: --args are main's arguments; --kernel runs a kernel instead of main\n";
    return kExitUsage;
  }
  if (auto words = splitWords(f.programArgs))
    opts.programArguments = std::move(*words);
  else {
    std::cerr << "scopemc: --args " << f.programArgs << ": a quote is not closed\n";
    return kExitUsage;
  }
  for (auto &a : f.kernelArgs) {
    size_t eq = a.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == a.size()) {
      std::cerr << "scopemc: --arg " << a
                << ": expected NAME=VALUE (a number, numbers separated by commas, or a struct's "
                   "field as NAME.FIELD=VALUE)\n";
      return kExitUsage;
    }
    opts.kernel.args.push_back({a.substr(0, eq), a.substr(eq + 1)});
  }
  return std::nullopt;
}

} // namespace

void addRepairOptions(CLI::App &app, RepairCliOptions &repairOpts) {
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

void addInputOptions(CLI::App &app, CheckFlags &f, RunOptions &opts) {
  app.add_option("files", f.files,
                 "Input: .c, .cpp, .cu, .cl (OpenCL C), .ll or .bc, one or several linked into "
                 "one program (CUDA device code across files too); repair takes one, or a "
                 ".litmus");
  app.add_option("-p", f.compileDb,
                 "A build directory holding compile_commands.json (or the file): each input is "
                 "compiled with the flags its entry records; without FILES, every file it lists");
  app.add_option("--stdin", opts.interpreter.files.stdinFile,
                 "The file the program reads as its standard input (default: empty)");
  app.add_option("--input", opts.interpreter.files.readableDirs,
                 "A folder whose files the program may read, besides the working directory "
                 "(repeatable); its writes never reach the disk");
  app.add_option("--kernel", opts.kernel.name,
                 "Run this kernel on the grid given by --grid instead of main; pointer parameters "
                 "get zero-initialised buffers, and NAME_post (or --post), if defined, is called "
                 "with the same arguments after the kernel");
  app.add_option("--grid", f.grid,
                 "The grid for --kernel: GRID:BLOCK, each X, XxY or XxYxZ (blocks per "
                 "dimension : threads per block per dimension; OpenCL: work-groups : "
                 "work-items per work-group), or BLOCKSxTHREADS, or DEVICESxBLOCKSxTHREADS "
                 "(the kernel runs on each device)");
  app.add_option("--arg", f.kernelArgs,
                 "NAME=VALUE: the value of a kernel parameter that is not a pointer: an integer "
                 "or floating-point number, numbers separated by commas for a vector, "
                 "NAME.FIELD=VALUE for each field of a struct (repeatable)");
  app.add_option("--args", f.programArgs,
                 "The program's arguments, as one string a shell would split ('input.egr 4 2'): "
                 "main gets argc and argv with argv[0] \"./NAME\" for NAME.c and argv[argc] null");
  app.add_option(
      "--buffer-size", opts.kernel.bufferBytes,
      "Bytes of each pointer parameter's buffer (default: 64 per thread, at least 4096)");
  app.add_option("--post", opts.kernel.post,
                 "Function called after the kernel with its arguments, to assert on the results");
  app.add_option("-D", f.defines, "Define a macro for the compiler (repeatable)");
  app.add_option("-I", f.includes, "Add an include directory for the compiler (repeatable)");
  app.add_option("--unroll", opts.interpreter.unroll,
                 "Let a loop take its back edge at most N times per call (0: no bound); spin-loop "
                 "iterations that make no progress are cut anyway. A run cut by the bound is "
                 "reported as bounded, never as verified");
  app.add_option("--undefined-functions", f.undefinedFunctions,
                 "What a call to a function without a definition does: refuse (the default: the "
                 "call is named with its position) or nondet (it returns one arbitrary value of "
                 "its type per call and changes no memory, as GPU verifiers treat them; the "
                 "verdict is then bounded)")
      ->check(CLI::IsMember({"refuse", "nondet"}));
}

void addReductionOptions(CLI::App &app, CheckFlags &f) {
  app.add_flag(
      "--no-symmetry", f.noSymmetry,
      "Explore every permutation of interchangeable threads (threads of one launch or "
      "pthread_create loop that behave alike: docs/symmetry.md) instead of leaving out the "
      "orders that provably add nothing; turns off every reduction (--no-thread-symmetry and "
      "--no-commuting-updates turn off one)");
  app.add_flag("--no-thread-symmetry", f.noThreadSymmetry,
               "Explore every permutation of interchangeable threads, keeping the commuting "
               "updates reduction");
  app.add_flag("--no-commuting-updates", f.noCommuting,
               "Explore every order of atomic adds whose results are unused (counters: "
               "docs/commuting.md) instead of one order where nothing can tell them apart");
  app.add_flag("--no-reductions", f.noReductions,
               "Plain optimal DPOR, the reference every reduction is tested against: no "
               "symmetry, commuting updates, spin-loop cuts, zero-net-effect iterations, idle "
               "rounds, election shortcuts or pthread barrier phases formed by calls (loops then "
               "need --unroll N to end)");
}

void addCheckingOptions(CLI::App &app, CheckFlags &f, RunOptions &opts) {
  app.add_flag("--keep-going", f.keepGoing,
               "Explore every execution and report each distinct error once");
  app.add_flag("--stop-on-first", f.stopFirst, "Stop at the first error (the default)");
  app.add_flag("--disable-race-detection", f.noRaces, "Do not report data or heterogeneous races");
  app.add_flag("--disable-barrier-divergence", f.noDivergence, "Do not report barrier divergence");
  app.add_flag("--ignore-exit-status", f.ignoreExit,
               "Do not report a non-zero exit status (main's return value, exit()'s argument)");
  app.add_flag("--check-atomicity", opts.checks.atomicity,
               "Report atomicity violations: a thread's two accesses to a location with no "
               "synchronisation between, split by another thread's (RR|W, WR|W, WW|R, RW|RW, "
               "W1W2|W2W1; docs/model.md)");
}

void addOutputOptions(CLI::App &app, OutputOptions &output) {
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
}

void addSearchOptions(CLI::App &app, CheckFlags &f, RunOptions &opts) {
  f.seedOpt = app.add_option("--seed", f.seed,
                             "Choose the next thread pseudo-randomly with this seed "
                             "(the explored executions are the same)");
  app.add_option("--timeout", opts.exploration.timeoutSeconds, "Stop after S seconds (exit 124)");
  opts.exploration.memoryLimitMb = defaultMemoryLimitMb();
  app.add_option("--memory-limit", opts.exploration.memoryLimitMb,
                 "Stop when the tool's resident memory exceeds MB megabytes (verdict bounded, "
                 "exit 3; default: 80% of the machine's memory, 0: none)");
  app.add_option("--model", f.model, "Memory model: scoped-rc11 (default) or rc11 (scopes ignored)")
      ->check(CLI::IsMember({"scoped-rc11", "rc11"}));
  app.add_flag("--estimate", f.estimate,
               "Only estimate the number of executions and the time a full run takes (Knuth's "
               "estimator over random paths of the search), without verifying");
  app.add_option("--estimate-samples", f.samples, "Random paths for --estimate (default 1000)")
      ->check(CLI::Range(1u, 100000000u));
  app.add_option("--nthreads", opts.exploration.workers,
                 "Exploration workers (TBB). The verdict, the errors found and, when the "
                 "search runs to its end (no error, or --keep-going), the execution counts do "
                 "not depend on it; a search stopped at its first error counts the executions "
                 "each worker had finished")
      ->check(CLI::Range(1u, 256u));
}

std::optional<int> applyCheckFlags(const CheckFlags &f, RunOptions &opts, const char *argv0) {
  for (auto &d : f.defines)
    opts.frontend.compilerArgs.insert(opts.frontend.compilerArgs.begin(), "-D" + d);
  for (auto &i : f.includes)
    opts.frontend.compilerArgs.insert(opts.frontend.compilerArgs.begin(), "-I" + i);
  opts.frontend.includeDir = defaultIncludeDir(argv0);
  opts.frontend.pchDir = defaultCacheDir();
  opts.frontend.showWarnings = [](const std::string &text) { std::cerr << printable(text); };
  opts.checks.stopOnFirst = !f.keepGoing;
  opts.interpreter.reductions.symmetry = !f.noSymmetry && !f.noThreadSymmetry;
  opts.interpreter.reductions.commutingUpdates = !f.noSymmetry && !f.noCommuting;
  if (f.noReductions)
    opts.disableAllReductions();
  opts.undefinedAsNondet = f.undefinedFunctions == "nondet";
  opts.checks.races = !f.noRaces;
  opts.checks.exitStatus = !f.ignoreExit;
  opts.checks.barrierDivergence = !f.noDivergence;
  if (*f.seedOpt)
    opts.exploration.scheduleSeed = f.seed;
  opts.exploration.model = f.model == "rc11" ? ModelKind::RC11 : ModelKind::ScopedRC11;
  return applyKernelFlags(f, opts);
}

void reportToTerminal(RunOptions &opts) {
  const bool tty = isatty(STDERR_FILENO);
  if (tty) // one line, rewritten in place, cleared at the end
    opts.exploration.onProgress = [](const std::string &line) { std::cerr << "\r\033[K" << line; };
  // Once per command line (each worker of a parallel search may see a long execution, with
  // its own loop counts); a static flag would silence the later command lines of a process
  // that runs several (the tests do).
  opts.exploration.onWarning = [tty, once = std::make_shared<std::once_flag>()](
                                   const ExplorationWarning &w) {
    std::call_once(*once, [&] {
      std::cerr << (tty ? "\r\033[K" : "") << "scopemc: warning: " << w.text << "\n";
      if (w.namesBusyLoops)
        std::cerr << "bound them with --unroll N (the verdict is then bounded), or --timeout S\n";
    });
  };
}

} // namespace scopemc
