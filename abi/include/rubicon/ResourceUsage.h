//===- ResourceUsage.h - Kernel resources of an AMDGPU code object -*- C++ -*-//
//
// Reads the AMDGPU HSA metadata note (msgpack, "amdhsa.kernels") of a code
// object and computes each kernel's occupancy.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_ABI_RESOURCEUSAGE_H
#define RUBICON_ABI_RESOURCEUSAGE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rubicon::resources {

struct KernelResourceUsage {
  std::string Name;
  uint64_t VGPRs = 0; ///< .vgpr_count (on gfx90a+ includes the AGPRs)
  uint64_t AGPRs = 0; ///< .agpr_count
  uint64_t SGPRs = 0; ///< .sgpr_count (includes VCC, flat scratch, XNACK)
  uint64_t VGPRSpills = 0;
  uint64_t SGPRSpills = 0;
  uint64_t LDSBytes = 0;     ///< .group_segment_fixed_size (static LDS)
  uint64_t ScratchBytes = 0; ///< .private_segment_fixed_size per lane
  uint64_t KernargBytes = 0;
  uint64_t WavefrontSize = 64;
  uint64_t WorkGroupSize = 1024; ///< reqd_workgroup_size product, else max
  bool DynamicStack = false;
  /// Resident waves per SIMD; empty for a target without an occupancy table.
  std::optional<unsigned> WavesPerSIMD;
};

struct CodeObjectResourceUsage {
  std::string Target; ///< amdhsa.target, e.g. "amdgcn-amd-amdhsa--gfx942"
  std::vector<uint64_t> MetadataVersion; ///< amdhsa.version
  std::vector<KernelResourceUsage> Kernels;
};

/// Parses the HSA metadata of the AMDGPU ELF code object in CodeObject and
/// computes each kernel's occupancy for Arch ("gfx942").
llvm::Expected<CodeObjectResourceUsage>
readResourceUsage(llvm::StringRef CodeObject, llvm::StringRef Arch);

/// Max resident waves per SIMD of a kernel on Arch (formula in README.md);
/// std::nullopt if Arch has no occupancy table.
std::optional<unsigned> computeWavesPerSIMD(llvm::StringRef Arch,
                                            const KernelResourceUsage &Kernel);

} // namespace rubicon::resources

#endif // RUBICON_ABI_RESOURCEUSAGE_H
