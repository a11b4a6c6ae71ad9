// Debian's LLVM is built with Polly linked into its tools: Clang's code generator and LLVM's LTO
// back end call getPollyPluginInfo() and register what it gives with their pass builders, but
// Polly's static library is not shipped. The plugin given here registers nothing: scopemc runs
// its own passes (frontend/IrPasses.cpp), not Polly's.
#include <llvm/Passes/PassPlugin.h>

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not linked)", "0", [](llvm::PassBuilder &) {}};
}
