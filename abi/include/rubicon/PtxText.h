//===- PtxText.h - What `nvcc -ptx` writes on Rubicon -----------*- C++ -*-===//
//
// Part of Rubicon. CUDA programs compile a kernel with `nvcc -ptx` and hand
// the text file to the driver (cuModuleLoad, cuModuleLoadData(Ex),
// cuLinkAddData with CU_JIT_INPUT_PTX), often read with a string function
// that stops at the first NUL. Rubicon has no PTX: its device code is a fat
// binary of AMD GPU (and host) code objects. So Rubicon's `-ptx` output is
// text that carries a fat binary (docs/ptx-files.md):
//
//   // Rubicon PTX file ...              comment lines saying what this is
//   .rubicon_fatbin <version> <bytes>
//   <the fat binary in base64, 76 characters a line>
//   .end
//
// It is printable text without a NUL, like PTX; NVIDIA's tools reject it
// (there is no .version directive), and Rubicon's driver loads the fat
// binary it carries.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_PTXTEXT_H
#define RUBICON_ABI_PTXTEXT_H

#include <cstddef>
#include <string>
#include <string_view>

namespace rubicon::ptxtext {

/// The directive that starts the payload, and the format's version.
inline constexpr std::string_view Directive = ".rubicon_fatbin";
inline constexpr unsigned Version = 1;

/// The text for the fat binary `FatBinary`, compiled from `Source` (named in
/// the leading comment).
std::string write(std::string_view FatBinary, std::string_view Source);

/// Whether the text at `Text` (at most `MaxSize` bytes; it ends at a NUL
/// before that) is Rubicon's -ptx output. Reads no further than the
/// directive's line.
bool isPtxText(const char *Text, size_t MaxSize);

/// Decodes the fat binary of Rubicon's -ptx text into `FatBinary`. False,
/// with `Error` saying why, when the text is not such a file or is damaged
/// (a size that does not match, a character that is not base64, no .end).
bool read(const char *Text, size_t MaxSize, std::string &FatBinary,
          std::string *Error = nullptr);

} // namespace rubicon::ptxtext

#endif // RUBICON_ABI_PTXTEXT_H
