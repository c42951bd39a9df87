//===- DeviceTarget.cpp - Device targets by name --------------------------===//
//
// createDeviceTarget: the DeviceTargets.def row whose target a name means.
//
//===----------------------------------------------------------------------===//
#include "DeviceTargets.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace rubicon {

DeviceTarget::~DeviceTarget() = default;

Expected<std::unique_ptr<DeviceTarget>> createDeviceTarget(StringRef Name) {
#define RUBICON_DEVICE_TARGET(CLASS)                                           \
  if (CLASS::matches(Name))                                                    \
    return std::make_unique<CLASS>(Name);
#include "DeviceTargets.def"
  return createStringError(inconvertibleErrorCode(),
                           "unknown device target '" + Name + "'");
}

} // namespace rubicon
