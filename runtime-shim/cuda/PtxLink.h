//===- PtxLink.h - PTX inputs of cuLink* linked as one module ---*- C++ -*-===//
//
// Part of Rubicon. A PTX input that declares `.extern` symbols (nvcc -dc's
// PTX, or hand-written modules calling each other) is completed by the other
// PTX inputs of its link: cuLinkComplete compiles all of them as one module,
// where each `.extern` declaration finds its definition
// (docs/ptx-modules.md, "Linking PTX").
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDA_PTXLINK_H
#define RUBICON_CUDA_PTXLINK_H

#include <string>
#include <string_view>
#include <vector>

namespace rubicon::driver {

/// One PTX input of a link: the name it was added under and its text.
struct PtxLinkInput {
  std::string Name;
  std::string Text;
};

/// Whether Text declares a symbol another input must define: an `.extern`
/// `.global` or `.const` variable, or an `.extern .func` other than the
/// system calls (vprintf, malloc, free, __assertfail).
bool ptxNeedsLink(std::string_view Text);

/// The inputs as one PTX module, each starting on a line of its own.
std::string joinPtxInputs(const std::vector<PtxLinkInput> &Inputs);

/// The compiler's log of the joined module with each `<ptx>:LINE:COLUMN`
/// named by the input it is in (`name:line:column`).
std::string namePtxLogLocations(const std::string &Log,
                                const std::vector<PtxLinkInput> &Inputs);

} // namespace rubicon::driver

#endif // RUBICON_CUDA_PTXLINK_H
