// scopemc-planted: the tool's command line with one reduction's premise waived, for the
// differential fuzzer (tests/fuzz/planted.py). `--planted-mistake NAME` (anywhere before `--`)
// names the reduction (tests/planted/Planted.h, kPlants); without it this is scopemc.
#include <cstring>
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/CommandLine.h"
#include "cli/Output.h"
#include "tests/planted/Planted.h"

int main(int argc, char **argv) {
  using namespace scopemc;
  std::vector<char *> args(argv, argv + argc);
  CliHooks hooks;
  for (size_t i = 1; i < args.size() && std::strcmp(args[i], "--") != 0; ++i) {
    if (std::strcmp(args[i], "--planted-mistake") != 0)
      continue;
    std::string_view name = i + 1 < args.size() ? args[i + 1] : "";
    for (const test::Plant &p : test::kPlants)
      if (p.name == name)
        hooks.waiver = test::waive({p.premise});
    if (!hooks.waiver) {
      std::cerr << "scopemc-planted: --planted-mistake " << name << ": unknown (";
      for (const test::Plant &p : test::kPlants)
        std::cerr << " " << p.name;
      std::cerr << " )\n";
      return kExitUsage;
    }
    args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
               args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    break;
  }
  return runCommandLine(static_cast<int>(args.size()), args.data(), hooks);
}
