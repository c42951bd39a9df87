//===- ClangJobs.h - In-process clang and the device back end -------------===//
//
// The stages of the pipeline that run inside nvcc itself: clang's frontend
// (device side for nvptx64, host side for x86-64) and the device back end
// (lowering + AMDGPU code generation). Std-only interface; the implementation
// is the one LLVM/clang-heavy translation unit of the driver.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_CLANGJOBS_H
#define RUBICON_FRONTEND_CLANGJOBS_H

#include "DeviceSideVariables.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Module;
class StringRef;
} // namespace llvm

namespace rubicon {

/// The fat-binary entry of an object compiled with -dc/-rdc=true: the device
/// side as NVVM bitcode, turned into code objects by the device link.
inline constexpr const char *NVVMBundleEntryId = "rubicon-nvvm-nvptx64-nvidia-cuda";

/// The cc1 command line the clang driver builds for ClangArgs (a clang
/// command line without argv[0] that must yield exactly one compile job).
/// Diagnostics go to stderr; returns false on error.
bool clangCC1ArgsFor(const std::vector<std::string> &ClangArgs,
                     std::vector<std::string> &CC1Args);

/// Runs a cc1 command line (as returned above) in process. Returns false if
/// clang reported an error. HostVariables, when given, are the device side's
/// variables, registered by the host side (DeviceSideVariables.h).
bool runClangCC1(const std::vector<std::string> &CC1Args,
                 const std::vector<DeviceSideVariable> *HostVariables = nullptr);

struct DeviceBackendSettings {
  std::vector<std::string> AmdArchs;
  std::string DeviceLibDir; // <toolkit>/lib64/rubicon
  std::string ToolkitIncludeDir; // <toolkit>/include: the CUDA headers
  std::string LldPath;
  unsigned OptLevel = 3;
  std::string HostCpu = "x86-64"; // the host target's x86-64 level (HostCpuLevels.h)
  bool KeepTemps = false;
  std::string KeepPrefix; // path prefix for kept intermediate files
  bool ResourceUsage = false;
  // The warp-size analysis (warpsize/, docs/warps.md).
  bool Verbose = false;          // -v: print each kernel's warp-size verdict
  bool WarpSizeWarnings = true;  // -Wno-warp-size turns them off
  std::vector<std::string> DisabledWarpSizeChecks; // "warp-size-lane", ...
  bool KeepDeviceDebugInfo = false; // -G/-lineinfo asked for it
  bool RelocatableDeviceCode = false; // -dc/-rdc=true: keep NVVM bitcode
  /// The CUDA architecture the device side was parsed for (52: sm_52,
  /// __CUDA_ARCH__ 520), recorded in the module (CudaArchFlag).
  unsigned CudaArch = 75;
};

/// Runs the device side of one .cu file: clang (nvptx64, from CC1Args, which
/// must emit LLVM IR), then per device target the lowering and code
/// generation. Fills CodeObjects with (fat-binary entry id, code object
/// bytes); with -rdc, one NVVMBundleEntryId entry holding NVVM bitcode. Diagnostics go to stderr
/// in clang's format; returns false on error.
/// Variables, when given, gets the variables of the device module that the
/// host side registers (DeviceSideVariables.h; whole-program compilation).
bool compileDeviceSide(const std::vector<std::string> &CC1Args,
                       const DeviceBackendSettings &Settings,
                       std::vector<std::pair<std::string, std::string>> &CodeObjects,
                       std::vector<DeviceSideVariable> *Variables = nullptr);

/// The warp-size analysis (docs/warps.md) of an NVVM module: warnings, and
/// with -v each kernel's verdict. Never fails the compilation.
void runWarpSizeAnalysis(llvm::Module &NVVM,
                         const DeviceBackendSettings &Settings);

/// Per device target (rubicon/DeviceTarget.h): lowering, code generation,
/// link; CodeObjects gets (fat-binary entry id, code object bytes). Consumes
/// NVVM. SourceName names the input in diagnostics.
bool emitCodeObjectsForTargets(std::unique_ptr<llvm::Module> NVVM,
                               const DeviceBackendSettings &Settings,
                               llvm::StringRef SourceName,
                               std::vector<std::pair<std::string, std::string>> &CodeObjects);

/// True if the object or archive at Path holds relocatable device code
/// (objects compiled with -dc), which needs a device link.
bool hasRelocatableDeviceCode(const std::string &Path);

/// What the device link writes: a host object registering the linked code
/// (nvcc -dlink), or the linked fat binary or single code object itself
/// (-dlink -fatbin, -dlink -cubin), for cuModuleLoadData.
enum class DeviceLinkOutput { HostObject, FatBinary, CodeObject };

/// nvcc -dlink: links the NVVM bitcode of every -dc object in Inputs
/// (objects, archives, and fat binaries of relocatable device code such as
/// -fatbin -rdc=true writes), generates one code object per target and
/// writes Output as asked: a host object registers them for every
/// translation unit (__cudaRegisterLinkedBinary_<module id>). Returns false
/// on error.
bool deviceLink(const std::vector<std::string> &Inputs,
                const DeviceBackendSettings &Settings, DeviceLinkOutput What,
                const std::string &Output, const std::string &TempPrefix);

} // namespace rubicon

#endif // RUBICON_FRONTEND_CLANGJOBS_H
