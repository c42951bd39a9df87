//===- DeviceOrdinal.h - Which device runs an AMD code object ---*- C++ -*-===//
//
// Part of Rubicon. Device code on AMD GPUs cannot ask the hardware which
// of the process's devices it runs on, so the code object carries it: the
// device library defines `int __rubicon_device_ordinal` (0) where device
// code calls cudaGetDevice, the lowering keeps it visible, and the HIP
// backend writes each device's ordinal into the copy of the code object
// loaded on that device (docs/device-api.md).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_DEVICEORDINAL_H
#define RUBICON_ABI_DEVICEORDINAL_H

namespace rubicon::amdgpu {

inline constexpr const char DeviceOrdinalSymbol[] = "__rubicon_device_ordinal";

} // namespace rubicon::amdgpu

#endif // RUBICON_ABI_DEVICEORDINAL_H
