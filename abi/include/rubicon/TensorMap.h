//===- TensorMap.h - Rubicon's layout of a CUtensorMap ----------*- C++ -*-===//
//
// Part of Rubicon. A CUtensorMap is 128 opaque bytes that the driver fills
// (cuTensorMapEncodeTiled, cuTensorMapEncodeIm2col, cuTensorMapEncodeIm2colWide)
// and device code hands to the tensor memory accelerator's bulk copies
// (cp.async.bulk.tensor). This is what Rubicon keeps there: the arguments of
// the encoding call, checked, in a form device code can read. Built-in types
// only, so a device library may include it.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_TENSORMAP_H
#define RUBICON_ABI_TENSORMAP_H

namespace rubicon::tensormap {

/// "RTM1": a descriptor of this layout.
inline constexpr unsigned Magic = 0x314d5452u;
inline constexpr unsigned MaxRank = 5;

enum class Kind : unsigned char { Tiled = 1, Im2col = 2, Im2colWide = 3 };

struct Descriptor {
  unsigned Magic;
  Kind Mode;
  /// CUtensorMapDataType, rank, CUtensorMapInterleave.
  unsigned char DataType, Rank, Interleave;
  /// CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill,
  /// CUtensorMapIm2ColWideMode (Im2colWide).
  unsigned char Swizzle, L2Promotion, OobFill, WideMode;
  /// Im2col and Im2colWide: elements along C, and pixels along N, D, H, W.
  unsigned short ChannelsPerPixel, PixelsPerColumn;
  unsigned long long GlobalAddress;
  /// Elements per dimension, less one (each 1 to 2^32); dimension 0 first.
  unsigned GlobalDimMinusOne[MaxRank];
  unsigned Reserved;
  /// Bytes between consecutive elements of dimensions 1 to Rank - 1.
  unsigned long long GlobalStrides[MaxRank - 1];
  /// Tiled: the box, in elements per dimension (1 to 256).
  unsigned short BoxDim[MaxRank];
  /// The traversal step per dimension (1 to 8).
  unsigned char ElementStrides[MaxRank];
  unsigned char Reserved2;
  /// Im2col: the box corners' offsets {D, H, W} (Rank - 2 of them);
  /// Im2colWide: W only, in element 0.
  short LowerCorner[3], UpperCorner[3];
};

static_assert(sizeof(Descriptor) <= 128, "a CUtensorMap is 128 bytes");

} // namespace rubicon::tensormap

#endif // RUBICON_ABI_TENSORMAP_H
