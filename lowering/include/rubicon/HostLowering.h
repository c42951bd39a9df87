//===- rubicon/HostLowering.h - NVVM IR to host code objects ----*- C++ -*-===//
//
// Public interface of the `host` execution target's back end: an NVVM module
// becomes an x86-64 ELF shared object that the runtime's host backend loads
// with dlopen and runs on CPU threads (docs/host-target.md).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_HOST_LOWERING_H
#define RUBICON_HOST_LOWERING_H

#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace rubicon {

/// The target name users give (--amdgpu-arch=host, RUBICON_GPU_ARCH=host).
inline constexpr const char HostTargetName[] = "host";

struct HostCodeObjectOptions {
  unsigned OptLevel = 3;     // 0..3
  std::string DeviceLibPath; // <toolkit>/lib64/rubicon/host.bc ("" = none)
  std::string LinkerPath;    // ld.lld to run ("" = the configured one)
  std::string TempDir;       // where temporaries go ("" = system temp)
  bool KeepTemps = false;
  std::string *IRDump = nullptr;  // if set: receives the optimized IR (text)
  std::string *AsmDump = nullptr; // if set: receives the x86-64 assembly
  /// If set: receives, per kernel, how its blocks run ("thread-loop", or
  /// "fibers: <reason>"; lowering/host/HostThreadLoops.cpp).
  std::vector<std::pair<std::string, std::string>> *KernelForms = nullptr;
};

/// Lowers `NVVM` (consumed) for the host target (rubicon-lower-nvvm-to-host),
/// links the host device library, lays out shared memory, internalizes all
/// but the entry points and device variables, optimizes, generates x86-64
/// code and links a position-independent shared object with ld.lld. Errors
/// are returned as llvm::Error with readable text.
llvm::Expected<std::string>
emitHostCodeObject(std::unique_ptr<llvm::Module> NVVM,
                   const HostCodeObjectOptions &Opts);

} // namespace rubicon

#endif // RUBICON_HOST_LOWERING_H
