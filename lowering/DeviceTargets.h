//===- DeviceTargets.h - The DeviceTarget of each kind ----------*- C++ -*-===//
//
// Internal to lowering/: the targets of DeviceTargets.def. Other components
// get them by name from createDeviceTarget (rubicon/DeviceTarget.h).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_DEVICETARGETS_H
#define RUBICON_LOWERING_DEVICETARGETS_H

#include "rubicon/DeviceTarget.h"

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace rubicon {

/// An AMD GPU, gfx<N> (AMDGPUDeviceTarget.cpp).
class AMDGPUDeviceTarget final : public DeviceTarget {
public:
  static const llvm::StringRef Kind;
  static bool matches(llvm::StringRef Name);
  static std::string defaultName();
  explicit AMDGPUDeviceTarget(llvm::StringRef Name) : DeviceTarget(Name) {}

  std::string bundleEntryId() const override;
  bool hasResourceUsage() const override { return true; }
  void buildLoweringPipeline(llvm::ModulePassManager &MPM,
                             std::shared_ptr<DeviceLibraryLink> Link) const override;
  llvm::Expected<std::string>
  emitCodeObject(std::unique_ptr<llvm::Module> NVVM,
                 const CodeObjectOptions &Opts) const override;
};

/// An AMD GPU's program run on the CPU, for verification: gfx<N>-emulated
/// (emulation/EmulatedAMDGPUDeviceTarget.cpp, docs/amdgpu-emulation.md).
class EmulatedAMDGPUDeviceTarget final : public DeviceTarget {
public:
  static const llvm::StringRef Kind;
  static bool matches(llvm::StringRef Name);
  static std::string defaultName();
  explicit EmulatedAMDGPUDeviceTarget(llvm::StringRef Name);

  /// The AMD GPU whose program runs: gfx942 for gfx942-emulated.
  llvm::StringRef gpuName() const { return Gpu; }
  std::string deviceLibraryFileName() const override;
  std::string bundleEntryId() const override;
  void buildLoweringPipeline(llvm::ModulePassManager &MPM,
                             std::shared_ptr<DeviceLibraryLink> Link) const override;
  llvm::Expected<std::string>
  emitCodeObject(std::unique_ptr<llvm::Module> NVVM,
                 const CodeObjectOptions &Opts) const override;

private:
  std::string Gpu;
};

class DiagnosticRecorder;

/// What AMDGPUDeviceTarget::emitCodeObject does before code generation, on
/// `M`: `Target`'s lowering pipeline (the device library linked),
/// internalization, -O<n> and the warp fast paths. `M` is then the IR that
/// LLVM's AMDGPU back end receives for `Arch`.
llvm::Error prepareAMDGPUModule(llvm::Module &M, const DeviceTarget &Target,
                                llvm::StringRef Arch, llvm::TargetMachine &TM,
                                const CodeObjectOptions &Opts,
                                DiagnosticRecorder &Diags);

/// The CPU `host` target (host/HostDeviceTarget.cpp, docs/host-target.md).
class HostDeviceTarget final : public DeviceTarget {
public:
  static const llvm::StringRef Kind;
  static bool matches(llvm::StringRef Name);
  static std::string defaultName();
  explicit HostDeviceTarget(llvm::StringRef Name) : DeviceTarget(Name) {}

  std::string bundleEntryId() const override;
  void buildLoweringPipeline(llvm::ModulePassManager &MPM,
                             std::shared_ptr<DeviceLibraryLink> Link) const override;
  llvm::Expected<std::string>
  emitCodeObject(std::unique_ptr<llvm::Module> NVVM,
                 const CodeObjectOptions &Opts) const override;
};

} // namespace rubicon

#endif // RUBICON_LOWERING_DEVICETARGETS_H
