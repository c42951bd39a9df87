//===- PTXIRBuilder.h - build LLVM IR for one inline-PTX call ---*- C++ -*-===//
//
// Internal to RubiconInlinePTX.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_PTXIRBUILDER_H
#define RUBICON_PTXINLINE_PTXIRBUILDER_H

#include "rubicon/PTX/PTXAST.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class AllocaInst;
class CallBase;
} // namespace llvm

namespace rubicon {

struct PTXBuildFailure {
  ptx::SourcePosition Position;
  std::string Message;
};

/// Emits the IR of PTX in place of Call and erases Call. On failure the IR
/// emitted so far is left behind: callers run it on a scratch copy first
/// (see lowerInlinePTXCall).
std::optional<PTXBuildFailure>
buildInlinePTX(llvm::CallBase &Call, const ptx::Block &PTX,
               std::vector<llvm::AllocaInst *> &NewAllocas);

} // namespace rubicon

#endif // RUBICON_PTXINLINE_PTXIRBUILDER_H
