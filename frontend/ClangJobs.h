//===- ClangJobs.h - In-process clang and the device back end -------------===//
//
// The stages of the pipeline that run inside nvcc itself: clang's frontend
// (device side for nvptx64, host side for x86-64) and the device back end
// (lowering + AMDGPU code generation). Std-only interface; the implementation
// is the one LLVM/clang-heavy translation unit of the driver.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace rubicon {

/// The cc1 command line the clang driver builds for ClangArgs (a clang
/// command line without argv[0] that must yield exactly one compile job).
/// Diagnostics go to stderr; returns false on error.
bool clangCC1ArgsFor(const std::vector<std::string> &ClangArgs,
                     std::vector<std::string> &CC1Args);

/// Runs a cc1 command line (as returned above) in process. Returns false if
/// clang reported an error.
bool runClangCC1(const std::vector<std::string> &CC1Args);

struct DeviceBackendSettings {
  std::vector<std::string> AmdArchs;
  std::string DeviceLibDir; // <toolkit>/lib64/rubicon
  std::string LldPath;
  unsigned OptLevel = 3;
  bool KeepTemps = false;
  std::string KeepPrefix; // path prefix for kept intermediate files
  bool ResourceUsage = false;
  // The warp-size analysis (warpsize/, docs/warps.md).
  bool Verbose = false;          // -v: print each kernel's warp-size verdict
  bool WarpSizeWarnings = true;  // -Wno-warp-size turns them off
  std::vector<std::string> DisabledWarpSizeChecks; // "warp-size-lane", ...
  bool KeepDeviceDebugInfo = false; // -G/-lineinfo asked for it
};

/// Runs the device side of one .cu file: clang (nvptx64, from CC1Args, which
/// must emit LLVM IR), then per AMD target the lowering and code generation.
/// Fills CodeObjects with (arch, code object bytes). Diagnostics go to stderr
/// in clang's format; returns false on error.
bool compileDeviceSide(const std::vector<std::string> &CC1Args,
                       const DeviceBackendSettings &Settings,
                       std::vector<std::pair<std::string, std::string>> &CodeObjects);

} // namespace rubicon
