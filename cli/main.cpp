// scopemc: a stateless model checker for GPU and C11 concurrent programs under scoped RC11.
#include "cli/CommandLine.h"

int main(int argc, char **argv) { return scopemc::runCommandLine(argc, argv, {}); }
