//===- rubicon/DeviceTarget.h - A target device code compiles for -*- C++ -*-//
//
// A DeviceTarget is one kind of code object Rubicon makes from NVVM IR: an
// AMD GPU (gfx942, gfx90a, ...) or the CPU `host` target. It owns everything
// that differs between targets: its lowering pipeline (written once, here as
// code; nvcc runs it and rubicon-opt runs it as
// `rubicon-lower-nvvm-to-<kind>`), its device library, code-object emission
// and the fat-binary entry its code objects go in. The driver loops over the
// targets the user named and knows nothing else about them.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_DEVICETARGET_H
#define RUBICON_LOWERING_DEVICETARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace rubicon {

struct DeviceLibraryLink;

/// The NVVM module flag (an i32, merged by Max) naming the CUDA architecture
/// the device side was parsed for: 52 for sm_52 (__CUDA_ARCH__ 520). A code
/// object reports it as its kernels' ptxVersion (HostABI.h: CudaArchSymbol).
inline constexpr const char CudaArchFlag[] = "rubicon.cuda-arch";

/// How a DeviceTarget emits a code object.
struct CodeObjectOptions {
  unsigned OptLevel = 3;    // 0..3
  std::string DeviceLibPath; // <toolkit>/lib64/rubicon/<deviceLibraryFileName()> ("" = none)
  std::string LldPath;      // ld.lld to run ("" = the configured one)
  std::string TempDir;      // where temporaries go ("" = system temp)
  bool KeepTemps = false;
  /// The x86-64 level code run on the CPU is built for (HostCpuLevels.h:
  /// "x86-64", "x86-64-v3"); the host target reads it.
  std::string HostCpu = "x86-64";
  std::string *IRDump = nullptr;   // if set: receives the optimized IR (text) before codegen
  std::string *AsmDump = nullptr;  // if set: receives the assembly
  std::string *PipelineDump = nullptr; // if set: receives the lowering pipeline it ran
  /// If set: receives remarks for nvcc -v, one line each (the host target:
  /// how each kernel's blocks run, "host: kernel '<name>': thread-loop").
  std::vector<std::string> *Notes = nullptr;
};

class DeviceTarget {
public:
  virtual ~DeviceTarget();

  /// The name users give (--amdgpu-arch=gfx942, --amdgpu-arch=host).
  llvm::StringRef name() const { return Name; }
  /// The device library's file name in <toolkit>/lib64/rubicon.
  virtual std::string deviceLibraryFileName() const { return Name + ".bc"; }
  /// The fat-binary entry id of this target's code objects.
  virtual std::string bundleEntryId() const = 0;
  /// Whether code objects carry AMDGPU resource usage (--resource-usage).
  virtual bool hasResourceUsage() const { return false; }

  /// Adds the lowering pipeline, NVVM IR to this target's IR, to MPM: every
  /// pass in order, the device library link (`Link`; null: the
  /// rubicon-link-device-library pass's own options) included.
  virtual void buildLoweringPipeline(llvm::ModulePassManager &MPM,
                                     std::shared_ptr<DeviceLibraryLink> Link) const = 0;

  /// Lowers `NVVM` (consumed), links the device library, internalizes all but
  /// what the runtime looks up, optimizes, generates code and links a code
  /// object with ld.lld. Errors are returned with readable text.
  virtual llvm::Expected<std::string>
  emitCodeObject(std::unique_ptr<llvm::Module> NVVM,
                 const CodeObjectOptions &Opts) const = 0;

protected:
  explicit DeviceTarget(llvm::StringRef Name) : Name(Name.str()) {}

private:
  std::string Name;
};

/// The target a user's name (--amdgpu-arch, RUBICON_GPU_ARCH) means; an error
/// names an unknown one. Targets are listed in lowering/DeviceTargets.def.
llvm::Expected<std::unique_ptr<DeviceTarget>>
createDeviceTarget(llvm::StringRef Name);

} // namespace rubicon

#endif // RUBICON_LOWERING_DEVICETARGET_H
