//===- rubicon/Lowering.h - NVVM IR to code objects -------------*- C++ -*-===//
//
// Public interface of Rubicon's lowering: its passes by name (for a
// PassBuilder) and the device targets that turn an NVVM module into a code
// object (rubicon/DeviceTarget.h).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_LOWERING_H
#define RUBICON_LOWERING_LOWERING_H

#include "rubicon/DeviceTarget.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace rubicon {

/// Makes every Rubicon pass (lowering/Passes.def) and every target's lowering
/// pipeline ("rubicon-lower-nvvm-to-amdgpu", "rubicon-lower-nvvm-to-host")
/// parseable by name in textual pipelines, and printable by name.
void registerLoweringPasses(llvm::PassBuilder &PB);

} // namespace rubicon

#endif // RUBICON_LOWERING_LOWERING_H
