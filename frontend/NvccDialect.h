//===- NvccDialect.h - nvcc-dialect leniency before parsing ----*- C++ -*-===//
//
// Part of Rubicon. Spellings nvcc accepts that clang's CUDA mode does not,
// fixed in the main source file's buffer before clang parses it.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_NVCCDIALECT_H
#define RUBICON_FRONTEND_NVCCDIALECT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace rubicon {

/// Rewrites kernel launches spelled `k<< <grid, block>> >(...)` (whitespace
/// inside the chevrons, which nvcc accepts) into `k<<<grid, block>>>  (...)`,
/// outside comments and string or character literals, keeping every line
/// and column. A `>> >` is rewritten only to close such a launch. Returns
/// std::nullopt when nothing changes.
std::optional<std::string> rewriteLaunchChevrons(llvm::StringRef Source);

/// For a CUDA compilation, remaps each input file whose text
/// rewriteLaunchChevrons changes to the rewritten text.
void applyNvccDialect(clang::CompilerInstance &CI);

} // namespace rubicon

#endif // RUBICON_FRONTEND_NVCCDIALECT_H
