//===- NVVMIntrinsicLowering.h - NVVM intrinsics, per target ----*- C++ -*-===//
//
// Internal to lowering/: the one lowering of NVVMIntrinsics.def, and the
// policy by which a target reads the table. The AMDGPU pass
// (rubicon-lower-nvvm-intrinsics) and the host pass
// (rubicon-host-lower-nvvm-intrinsics) each hold a policy and call it.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_NVVMINTRINSICLOWERING_H
#define RUBICON_LOWERING_NVVMINTRINSICLOWERING_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace rubicon {

/// How a target reads NVVMIntrinsics.def.
struct NVVMIntrinsicPolicy {
  /// NVVM_TO_AMDGCN rows: the AMDGCN intrinsic (true), or the device
  /// library's "__rubicon_<name>" as for NVVM_TO_DEVICE_LIB (false).
  bool UseAMDGCNIntrinsics = true;
  /// Fences and atomics at their row's sync scope (true), or all at system
  /// scope (false: the target has one memory model).
  bool UseRowSyncScopes = true;
  /// Atomics clang left without a sync scope get "agent": CUDA's plain
  /// atomics are device-scope, and no scope means system scope elsewhere.
  bool ScopeUnscopedAtomicsToAgent = true;
  /// NVVM_TO_SLEEP: this device-library function `void(i32 ns)`; empty: an
  /// llvm.amdgcn.s.sleep loop on the device library's nanosecond timer.
  llvm::StringRef SleepFunction;
  /// llvm.trap becomes a call to this device-library function; empty: it
  /// stays.
  llvm::StringRef TrapFunction;
  /// The error for an intrinsic without a row, called in `Caller`.
  std::string (*UnsupportedMessage)(llvm::StringRef Intrinsic,
                                    llvm::StringRef Caller) = nullptr;
};

/// Lowers every llvm.nvvm.* call in M by its NVVMIntrinsics.def row as
/// Policy says; errors go to the context's diagnostic handler. Returns
/// whether M changed.
bool lowerNVVMIntrinsics(llvm::Module &M, const NVVMIntrinsicPolicy &Policy);

} // namespace rubicon

#endif // RUBICON_LOWERING_NVVMINTRINSICLOWERING_H
