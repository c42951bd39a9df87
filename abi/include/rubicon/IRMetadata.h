//===- IRMetadata.h - Metadata the compiler's layers leave in IR -*- C++ -*-===//
//
// Part of Rubicon. Names of the instruction metadata one layer of the
// compiler attaches to the LLVM IR it builds and a later layer reads. Header
// only, built-in types only.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_IRMETADATA_H
#define RUBICON_ABI_IRMETADATA_H

namespace rubicon {

/// On the load with which an inline-PTX `mbarrier.test_wait` or `try_wait`
/// (`ptx-inline/`) reads the barrier's phase. The warp-size analysis
/// (`warpsize/`) takes a loop that re-reads it for a barrier's wait, not for
/// a spin-wait on memory.
inline constexpr const char MbarrierWaitMetadata[] = "rubicon.mbarrier.wait";

} // namespace rubicon

#endif // RUBICON_ABI_IRMETADATA_H
