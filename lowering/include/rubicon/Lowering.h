//===- rubicon/Lowering.h - NVVM IR to AMDGPU code objects ------*- C++ -*-===//
//
// Public interface of Rubicon's lowering: the NVVM -> AMDGPU passes (for a
// PassBuilder) and the device back end that turns an NVVM module into an
// AMDGPU code object.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_H
#define RUBICON_LOWERING_H

#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace rubicon {

/// Makes every Rubicon lowering pass (lowering/Passes.def) parseable by name
/// in textual pipelines, e.g. "rubicon-lower-nvvm-to-amdgpu".
void registerLoweringPasses(llvm::PassBuilder &PB);

struct CodeObjectOptions {
  std::string Arch = "gfx942"; // gfx942, gfx90a, gfx950, gfx1100, ...
  unsigned OptLevel = 3;       // 0..3
  std::string DeviceLibPath;   // <toolkit>/lib64/rubicon/<Arch>.bc ("" = link none)
  std::string LldPath;         // ld.lld to run
  std::string TempDir;         // where temporaries go ("" = system temp)
  bool KeepTemps = false;
  std::string *IRDump = nullptr;  // if set: receives the optimized AMDGPU IR (text) before codegen
  std::string *AsmDump = nullptr; // if set: receives the gfx assembly
};

// Lowers `NVVM` (consumed) for Opts.Arch, links the device library, internalizes everything
// except kernels and device variables, optimizes, generates code and links a code object
// (ELF, code object v5) with ld.lld. Errors are returned as llvm::Error with readable text.
llvm::Expected<std::string> emitCodeObject(std::unique_ptr<llvm::Module> NVVM,
                                           const CodeObjectOptions &Opts);

} // namespace rubicon

#endif // RUBICON_LOWERING_H
