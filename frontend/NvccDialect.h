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

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

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

/// Disambiguators nvcc's front end does without and clang requires: the
/// `template` before a member template of a dependent type
/// (`vec_cast<T, U>::cast<N>(x)`) and the `typename` before a dependent type
/// name in an expression (`sizeof(B::value_type)`, `B::value_type(3)`).
/// Clang diagnoses both as errors whose meaning is unambiguous; a
/// compilation that reports them is run again on the text with the keyword
/// inserted (in memory, never in the user's files), as clang's fix-it says.
/// The same re-run doubles an inline-asm `%` that nvcc takes literally and
/// clang rejects as an invalid escape (`asm("mov.u64 %0, %globaltimer;")`),
/// and inserts the comma nvcc does without between two asm operands
/// (`:: "r"(x) "l"(p)`).
/// Docs: docs/nvcc-dialect.md.
class DisambiguatorRecovery {
public:
  /// The files read so far with their disambiguators inserted, by the name
  /// clang opened them with.
  const llvm::StringMap<std::string> &rewrittenFiles() const { return Files; }

  /// Wraps CI's diagnostic client: diagnostics are held back until the end
  /// of the source file; if none is a missing disambiguator they are then
  /// printed as usual, otherwise they are dropped and needsRerun() is true.
  void watch(clang::CompilerInstance &CI);

  /// True if the last watched compilation reported missing disambiguators
  /// (now inserted in rewrittenFiles()) and must run again.
  bool needsRerun() const { return Rerun; }

  /// Records one insertion; the text of File is Text (what clang read).
  void insert(llvm::StringRef File, llvm::StringRef Text, unsigned Offset,
              llvm::StringRef Keyword);
  void finishPass();

private:
  llvm::StringMap<std::string> Files;
  struct Pending {
    std::string File;
    unsigned Offset;
    std::string Keyword;
  };
  std::vector<Pending> Insertions;
  bool Rerun = false;
};

/// How many times a compilation may run again for DisambiguatorRecovery.
inline constexpr unsigned MaxDisambiguatorReruns = 4;

/// Gives CI a file system that applies the rewrites above to what clang
/// reads: the launch chevrons in the CUDA input files, the `"C"`
/// constraints in every file of a device-side compilation, and the inserted
/// disambiguators of Recovery (when given).
void applyNvccDialect(clang::CompilerInstance &CI,
                      const DisambiguatorRecovery *Recovery = nullptr);

} // namespace rubicon

#endif // RUBICON_FRONTEND_NVCCDIALECT_H
