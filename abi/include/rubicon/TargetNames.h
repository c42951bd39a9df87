//===- TargetNames.h - What a device target's name means -------*- C++ -*-===//
//
// The names users and formats give device targets: --amdgpu-arch, -arch,
// -gencode, RUBICON_GPU_ARCH, the fat binary's entries and the device
// libraries (lib64/rubicon/<name>.bc). One grammar, read by the command line
// (frontend/), the device targets (lowering/DeviceTargets.def) and the
// runtime's backend selection:
//
//   gfx<hex digits>[:feature...]            an AMD GPU processor
//   gfx<hex digits>[:feature...]-emulated   its program run on the CPU
//                                           (docs/amdgpu-emulation.md)
//   host                                    the CPU target (docs/host-target.md)
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_TARGETNAMES_H
#define RUBICON_ABI_TARGETNAMES_H

#include "rubicon/HostABI.h"

#include <optional>
#include <string_view>

namespace rubicon::target_names {

enum class TargetKind {
  AMDGPU,         ///< gfx942, gfx90a:xnack+
  EmulatedAMDGPU, ///< gfx942-emulated
  Host,           ///< host
};

/// The suffix that turns a processor name into its emulated target's name.
inline constexpr std::string_view EmulatedSuffix = "-emulated";

/// "gfx" and at least three hex digits, then optional ":feature" parts:
/// "gfx942", "gfx90a", "gfx1100", "gfx90a:xnack+".
constexpr bool isAMDGPUProcessorName(std::string_view Name) {
  if (Name.substr(0, 3) != "gfx")
    return false;
  std::string_view Digits = Name.substr(3, Name.find(':') - 3);
  if (Digits.size() < 3)
    return false;
  for (char C : Digits)
    if (!((C >= '0' && C <= '9') || (C >= 'a' && C <= 'f')))
      return false;
  return true;
}

/// The processor an emulated target's name names ("gfx942-emulated" ->
/// "gfx942"); nullopt for any other name.
constexpr std::optional<std::string_view>
emulatedProcessorName(std::string_view Name) {
  if (Name.size() <= EmulatedSuffix.size() ||
      Name.substr(Name.size() - EmulatedSuffix.size()) != EmulatedSuffix)
    return std::nullopt;
  std::string_view Processor = Name.substr(0, Name.size() - EmulatedSuffix.size());
  if (!isAMDGPUProcessorName(Processor))
    return std::nullopt;
  return Processor;
}

/// Which kind of target a name means; nullopt if it is none.
constexpr std::optional<TargetKind> classifyTargetName(std::string_view Name) {
  if (Name == host::TargetName)
    return TargetKind::Host;
  if (emulatedProcessorName(Name))
    return TargetKind::EmulatedAMDGPU;
  if (isAMDGPUProcessorName(Name))
    return TargetKind::AMDGPU;
  return std::nullopt;
}

constexpr bool isDeviceTargetName(std::string_view Name) {
  return classifyTargetName(Name).has_value();
}

} // namespace rubicon::target_names

#endif // RUBICON_ABI_TARGETNAMES_H
