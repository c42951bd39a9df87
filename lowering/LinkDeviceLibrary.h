//===- LinkDeviceLibrary.h - rubicon-link-device-library --------*- C++ -*-===//
//
// Internal to lowering/: the pass that links a target's device library into
// the lowered module, as a step of the target's lowering pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_LINKDEVICELIBRARY_H
#define RUBICON_LOWERING_LINKDEVICELIBRARY_H

#include "BackendSupport.h"

#include "llvm/IR/PassManager.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace rubicon {

/// What a target's emitCodeObject asks rubicon-link-device-library to do, and
/// what comes back.
struct DeviceLibraryLink {
  /// The library; empty: link nothing.
  std::string Path;
  DeviceLibraryTarget Library;
  /// Errors reported so far by the pipeline: the link is skipped after one.
  const DiagnosticRecorder *Diags = nullptr;
  /// Runs on the lowered module just before the link (the AMDGPU target
  /// records what stays exported).
  std::function<void(llvm::Module &)> BeforeLink;
  /// Set when the link failed: the error's text.
  std::optional<std::string> Failure;
};

/// rubicon-link-device-library. From a target's pipeline it does what `Link`
/// says. Alone (rubicon-opt) it links the bitcode named by
/// -rubicon-device-lib, if any; a failure is reported as an error.
class LinkDeviceLibraryPass
    : public llvm::PassInfoMixin<LinkDeviceLibraryPass> {
  std::shared_ptr<DeviceLibraryLink> Link;

public:
  explicit LinkDeviceLibraryPass(std::shared_ptr<DeviceLibraryLink> Link = {})
      : Link(std::move(Link)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace rubicon

#endif // RUBICON_LOWERING_LINKDEVICELIBRARY_H
