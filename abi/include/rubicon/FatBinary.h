//===- FatBinary.h - Rubicon fat binary (clang offload bundle) --*- C++ -*-===//
//
// A Rubicon fat binary is a clang offload bundle: the 24-byte magic
// "__CLANG_OFFLOAD_BUNDLE__", a little-endian uint64 entry count, then per
// entry uint64 Offset (from the bundle start), uint64 Size, uint64 IdLength and
// IdLength bytes of id, followed by the entries' data. Entry ids are
// "hipv4-amdgcn-amd-amdhsa--<gfx>" for AMD code objects and
// "host-x86_64-unknown-linux-gnu" (empty) for the host.
//
// This library depends on the C++ standard library only, so the CUDA runtime
// can link it.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_ABI_FATBINARY_H
#define RUBICON_ABI_FATBINARY_H

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rubicon::fatbin {

/// Magic of the wrapper struct in `.nvFatBinSegment` (clang CUDA host codegen).
inline constexpr unsigned CudaFatBinaryWrapperMagic = 0x466243b1;
/// Magic of the wrapper struct in `.hipFatBinSegment` (clang HIP host codegen).
inline constexpr unsigned HipFatBinaryWrapperMagic = 0x48495046;

/// The bundle magic, without a terminating NUL.
inline constexpr std::string_view BundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
/// Alignment of each entry's data written by writeBundle, from the bundle
/// start.
inline constexpr size_t BundleEntryAlignment = 4096;

/// One entry of a parsed bundle; Data points into the parsed buffer.
struct Entry {
  std::string Id;
  std::string_view Data;
};

/// Serializes a bundle: the entries in order, each entry's data aligned to
/// 4096 bytes from the bundle start.
std::string
writeBundle(const std::vector<std::pair<std::string, std::string>> &IdAndData);

/// Parses one bundle at Data (at most MaxSize bytes readable). On success fills
/// Out and *TotalSize (bytes up to the end of the last entry's data). On
/// malformed input returns false and sets *Error; never reads past MaxSize.
/// TotalSize and Error may be null.
bool readBundle(const void *Data, size_t MaxSize, std::vector<Entry> &Out,
                size_t *TotalSize, std::string *Error);

/// "hipv4-amdgcn-amd-amdhsa--" + Arch.
std::string codeObjectId(std::string_view Arch);

/// "host-x86_64-unknown-linux-gnu".
std::string hostEntryId();

/// "rubicon-host-x86_64-unknown-linux-gnu": the entry of a `host` target
/// code object (an x86-64 shared object run by the runtime's host backend;
/// docs/host-target.md). Not HIP's empty host entry (hostEntryId()).
std::string hostCodeObjectId();

/// "gfx942" for "hipv4-amdgcn-amd-amdhsa--gfx942" (also accepts target-id
/// features: "gfx90a" for "...--gfx90a:xnack+"); "" if not an AMD entry.
std::string archOfId(std::string_view Id);

} // namespace rubicon::fatbin

#endif // RUBICON_ABI_FATBINARY_H
