//===- NvccDialect.h - nvcc-dialect leniency before parsing ----*- C++ -*-===//
//
// Part of Rubicon. Spellings nvcc accepts that clang's CUDA mode does not,
// fixed in the text of the files clang reads, before it parses them. Each
// rewrite keeps every line and column, so diagnostics point at the user's
// text.
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

/// Rewrites each asm operand constraint `"C"` followed by `(` -- nvcc's
/// operand whose value, a constant char array, is pasted into the asm text
/// -- into `"X"`, which clang's NVPTX target accepts and passes as the
/// array's address; the inline-PTX lowering pastes the array's contents
/// (rubicon-lower-inline-ptx, docs/ptx.md). Comments and other literals are
/// left alone. Returns std::nullopt when nothing changes.
std::optional<std::string> rewriteStringConstraints(llvm::StringRef Source);

/// Gives CI a file system that applies the rewrites above to what clang
/// reads: the launch chevrons in the CUDA input files, the `"C"`
/// constraints in every file of a device-side compilation.
void applyNvccDialect(clang::CompilerInstance &CI);

} // namespace rubicon

#endif // RUBICON_FRONTEND_NVCCDIALECT_H
