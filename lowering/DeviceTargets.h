//===- DeviceTargets.h - The DeviceTarget of each kind ----------*- C++ -*-===//
//
// Internal to lowering/: the targets of DeviceTargets.def. Other components
// get them by name from createDeviceTarget (rubicon/DeviceTarget.h).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_DEVICETARGETS_H
#define RUBICON_LOWERING_DEVICETARGETS_H

#include "rubicon/DeviceTarget.h"

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
