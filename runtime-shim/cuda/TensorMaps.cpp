//===- TensorMaps.cpp - cuTensorMapEncode* and cuTensorMapReplaceAddress --===//
//
// Part of Rubicon. A CUtensorMap describes a tile of a tensor in global
// memory for the tensor memory accelerator's bulk copies. The encoding calls
// check the arguments against the rules CUDA's Driver API reference gives
// for each (rank, alignment, strides, box, swizzle span, packed types, OOB
// fill) and answer CUDA_ERROR_INVALID_VALUE as CUDA does when one is broken;
// a valid call writes rubicon/TensorMap.h's descriptor into the 128 bytes.
// Device code cannot use one yet: Rubicon does not lower
// cp.async.bulk.tensor (docs/driver-api.md).
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "rubicon/TensorMap.h"

#include <cstdint>
#include <cstring>

using rubicon::tensormap::Descriptor;
namespace tm = rubicon::tensormap;

namespace {

bool packed16(CUtensorMapDataType Type) {
  return Type == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B ||
         Type == CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B;
}

/// Bits one element takes in memory (the packed types: per U4/U6 value).
unsigned elementBits(CUtensorMapDataType Type) {
  switch (Type) {
  case CU_TENSOR_MAP_DATA_TYPE_UINT8:
  case CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B: // 16 values in 16 bytes
  case CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B:
    return 8;
  case CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B: // 16 values in 8 bytes
    return 4;
  case CU_TENSOR_MAP_DATA_TYPE_UINT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
    return 16;
  case CU_TENSOR_MAP_DATA_TYPE_UINT64:
  case CU_TENSOR_MAP_DATA_TYPE_INT64:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
    return 64;
  default:
    return 32;
  }
}

bool isFloat(CUtensorMapDataType Type) {
  switch (Type) {
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
    return true;
  default:
    return false;
  }
}

/// The span a swizzle mode shuffles within, in bytes (0: none).
unsigned swizzleSpan(CUtensorMapSwizzle Swizzle) {
  switch (Swizzle) {
  case CU_TENSOR_MAP_SWIZZLE_NONE:
    return 0;
  case CU_TENSOR_MAP_SWIZZLE_32B:
    return 32;
  case CU_TENSOR_MAP_SWIZZLE_64B:
    return 64;
  default:
    return 128;
  }
}

/// The global address's alignment: 32 bytes with 32-byte interleave or a
/// 16-byte-aligned packed type, else 16.
uint64_t addressAlignment(CUtensorMapDataType Type,
                          CUtensorMapInterleave Interleave) {
  return Interleave == CU_TENSOR_MAP_INTERLEAVE_32B || packed16(Type) ? 32 : 16;
}

/// What every form shares: the map itself, the type, the tensor in global
/// memory, element strides and the enumerations. `InnerElements` is the
/// box's extent along dimension 0 (Tiled: boxDim[0]; im2col: channels).
CUresult checkCommon(CUtensorMap *Map, CUtensorMapDataType Type,
                     cuuint32_t Rank, cuuint32_t MinRank, void *Address,
                     const cuuint64_t *GlobalDim,
                     const cuuint64_t *GlobalStrides,
                     const cuuint32_t *ElementStrides,
                     CUtensorMapInterleave Interleave,
                     CUtensorMapSwizzle Swizzle,
                     CUtensorMapL2promotion L2Promotion,
                     CUtensorMapFloatOOBfill OobFill, uint64_t InnerElements) {
  if (!Map || reinterpret_cast<uintptr_t>(Map) % 64 || !GlobalDim ||
      !ElementStrides || (Rank > 1 && !GlobalStrides))
    return CUDA_ERROR_INVALID_VALUE;
  if (Type < CU_TENSOR_MAP_DATA_TYPE_UINT8 ||
      Type > CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B ||
      Interleave < CU_TENSOR_MAP_INTERLEAVE_NONE ||
      Interleave > CU_TENSOR_MAP_INTERLEAVE_32B ||
      Swizzle < CU_TENSOR_MAP_SWIZZLE_NONE ||
      Swizzle > CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B ||
      L2Promotion < CU_TENSOR_MAP_L2_PROMOTION_NONE ||
      L2Promotion > CU_TENSOR_MAP_L2_PROMOTION_L2_256B ||
      OobFill < CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE ||
      OobFill > CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
    return CUDA_ERROR_INVALID_VALUE;
  // Rank: 1 to 5; at least 3 when interleaved.
  if (Rank < MinRank || Rank > tm::MaxRank ||
      (Interleave != CU_TENSOR_MAP_INTERLEAVE_NONE && Rank < 3))
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t Alignment = addressAlignment(Type, Interleave);
  if (reinterpret_cast<uintptr_t>(Address) % Alignment)
    return CUDA_ERROR_INVALID_VALUE;
  // Sizes: 1 to 2^32; packed types count U4/U6 values.
  for (cuuint32_t I = 0; I < Rank; ++I)
    if (!GlobalDim[I] || GlobalDim[I] > (uint64_t(1) << 32))
      return CUDA_ERROR_INVALID_VALUE;
  if ((packed16(Type) && GlobalDim[0] % 128) ||
      (Type == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B && GlobalDim[0] % 2))
    return CUDA_ERROR_INVALID_VALUE;
  // Strides (bytes) of dimensions 1 and up: multiples of 16 (32 where the
  // address needs 32), below 2^40.
  for (cuuint32_t I = 0; I + 1 < Rank; ++I)
    if (GlobalStrides[I] % Alignment || GlobalStrides[I] >= (uint64_t(1) << 40))
      return CUDA_ERROR_INVALID_VALUE;
  for (cuuint32_t I = 0; I < Rank; ++I)
    if (!ElementStrides[I] || ElementStrides[I] > 8)
      return CUDA_ERROR_INVALID_VALUE;
  // Swizzling: 32-byte interleave goes with the 32-byte swizzle only; without
  // interleave the box's inner extent fits in the swizzle span.
  if (Interleave == CU_TENSOR_MAP_INTERLEAVE_32B &&
      Swizzle != CU_TENSOR_MAP_SWIZZLE_32B)
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t InnerBytes = InnerElements * elementBits(Type) / 8;
  if (Interleave == CU_TENSOR_MAP_INTERLEAVE_NONE && swizzleSpan(Swizzle) &&
      InnerBytes > swizzleSpan(Swizzle))
    return CUDA_ERROR_INVALID_VALUE;
  // The packed types' own limits.
  if (Type == CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B) {
    if (Interleave != CU_TENSOR_MAP_INTERLEAVE_NONE ||
        (Swizzle != CU_TENSOR_MAP_SWIZZLE_NONE &&
         Swizzle != CU_TENSOR_MAP_SWIZZLE_128B &&
         Swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B &&
         Swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B))
      return CUDA_ERROR_INVALID_VALUE;
  }
  if (Type == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B &&
      Swizzle != CU_TENSOR_MAP_SWIZZLE_NONE &&
      Swizzle != CU_TENSOR_MAP_SWIZZLE_128B &&
      Swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B)
    return CUDA_ERROR_INVALID_VALUE;
  // A NaN fill needs a floating-point type.
  if (OobFill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA &&
      !isFloat(Type))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

Descriptor describe(tm::Kind Mode, CUtensorMapDataType Type, cuuint32_t Rank,
                    void *Address, const cuuint64_t *GlobalDim,
                    const cuuint64_t *GlobalStrides,
                    const cuuint32_t *ElementStrides,
                    CUtensorMapInterleave Interleave,
                    CUtensorMapSwizzle Swizzle,
                    CUtensorMapL2promotion L2Promotion,
                    CUtensorMapFloatOOBfill OobFill) {
  Descriptor D{};
  D.Magic = tm::Magic;
  D.Mode = Mode;
  D.DataType = static_cast<unsigned char>(Type);
  D.Rank = static_cast<unsigned char>(Rank);
  D.Interleave = static_cast<unsigned char>(Interleave);
  D.Swizzle = static_cast<unsigned char>(Swizzle);
  D.L2Promotion = static_cast<unsigned char>(L2Promotion);
  D.OobFill = static_cast<unsigned char>(OobFill);
  D.GlobalAddress = reinterpret_cast<uintptr_t>(Address);
  for (cuuint32_t I = 0; I < Rank; ++I) {
    D.GlobalDimMinusOne[I] = static_cast<unsigned>(GlobalDim[I] - 1);
    D.ElementStrides[I] = static_cast<unsigned char>(ElementStrides[I]);
    if (I + 1 < Rank)
      D.GlobalStrides[I] = GlobalStrides[I];
  }
  return D;
}

CUresult store(CUtensorMap *Map, const Descriptor &D) {
  static_assert(sizeof(Descriptor) <= sizeof(CUtensorMap));
  std::memset(Map, 0, sizeof *Map);
  std::memcpy(Map, &D, sizeof D);
  return CUDA_SUCCESS;
}

/// Channels and pixels of the im2col forms: channels 1 to 256 (128 for the
/// 16-byte-aligned packed types), pixels 1 to 1024.
bool validIm2colCounts(CUtensorMapDataType Type, cuuint32_t Channels,
                       cuuint32_t Pixels, bool PixelsIgnored) {
  if (!Channels || Channels > 256 || (packed16(Type) && Channels != 128))
    return false;
  return PixelsIgnored || (Pixels && Pixels <= 1024);
}

} // namespace

extern "C" {

CUresult cuTensorMapEncodeTiled(
    CUtensorMap *TensorMap, CUtensorMapDataType Type, cuuint32_t Rank,
    void *Address, const cuuint64_t *GlobalDim,
    const cuuint64_t *GlobalStrides, const cuuint32_t *BoxDim,
    const cuuint32_t *ElementStrides, CUtensorMapInterleave Interleave,
    CUtensorMapSwizzle Swizzle, CUtensorMapL2promotion L2Promotion,
    CUtensorMapFloatOOBfill OobFill) {
  if (!BoxDim)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = checkCommon(
          TensorMap, Type, Rank, 1, Address, GlobalDim, GlobalStrides,
          ElementStrides, Interleave, Swizzle, L2Promotion, OobFill,
          Rank ? BoxDim[0] : 0))
    return Status;
  // The box: 1 to 256 elements per dimension; without interleave its inner
  // extent is a multiple of 16 bytes; the packed 16-byte types load 128.
  for (cuuint32_t I = 0; I < Rank; ++I)
    if (!BoxDim[I] || BoxDim[I] > 256)
      return CUDA_ERROR_INVALID_VALUE;
  if (Interleave == CU_TENSOR_MAP_INTERLEAVE_NONE &&
      uint64_t(BoxDim[0]) * elementBits(Type) % 128)
    return CUDA_ERROR_INVALID_VALUE;
  if (packed16(Type) && BoxDim[0] != 128)
    return CUDA_ERROR_INVALID_VALUE;
  Descriptor D = describe(tm::Kind::Tiled, Type, Rank, Address, GlobalDim,
                          GlobalStrides, ElementStrides, Interleave, Swizzle,
                          L2Promotion, OobFill);
  for (cuuint32_t I = 0; I < Rank; ++I)
    D.BoxDim[I] = static_cast<unsigned short>(BoxDim[I]);
  return store(TensorMap, D);
}

CUresult cuTensorMapEncodeIm2col(
    CUtensorMap *TensorMap, CUtensorMapDataType Type, cuuint32_t Rank,
    void *Address, const cuuint64_t *GlobalDim,
    const cuuint64_t *GlobalStrides, const int *LowerCorner,
    const int *UpperCorner, cuuint32_t Channels, cuuint32_t Pixels,
    const cuuint32_t *ElementStrides, CUtensorMapInterleave Interleave,
    CUtensorMapSwizzle Swizzle, CUtensorMapL2promotion L2Promotion,
    CUtensorMapFloatOOBfill OobFill) {
  if (!LowerCorner || !UpperCorner)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = checkCommon(TensorMap, Type, Rank, 3, Address,
                                    GlobalDim, GlobalStrides, ElementStrides,
                                    Interleave, Swizzle, L2Promotion, OobFill,
                                    Channels))
    return Status;
  if (!validIm2colCounts(Type, Channels, Pixels, false))
    return CUDA_ERROR_INVALID_VALUE;
  // Rank - 2 corner offsets {D, H, W}: 16 bits each at rank 3, 8 at rank 4,
  // 5 at rank 5.
  const int Limit = Rank == 3 ? 32768 : Rank == 4 ? 128 : 16;
  Descriptor D = describe(tm::Kind::Im2col, Type, Rank, Address, GlobalDim,
                          GlobalStrides, ElementStrides, Interleave, Swizzle,
                          L2Promotion, OobFill);
  for (cuuint32_t I = 0; I + 2 < Rank; ++I) {
    if (LowerCorner[I] < -Limit || LowerCorner[I] >= Limit ||
        UpperCorner[I] < -Limit || UpperCorner[I] >= Limit)
      return CUDA_ERROR_INVALID_VALUE;
    D.LowerCorner[I] = static_cast<short>(LowerCorner[I]);
    D.UpperCorner[I] = static_cast<short>(UpperCorner[I]);
  }
  D.ChannelsPerPixel = static_cast<unsigned short>(Channels);
  D.PixelsPerColumn = static_cast<unsigned short>(Pixels);
  return store(TensorMap, D);
}

CUresult cuTensorMapEncodeIm2colWide(
    CUtensorMap *TensorMap, CUtensorMapDataType Type, cuuint32_t Rank,
    void *Address, const cuuint64_t *GlobalDim,
    const cuuint64_t *GlobalStrides, int LowerCornerWidth,
    int UpperCornerWidth, cuuint32_t Channels, cuuint32_t Pixels,
    const cuuint32_t *ElementStrides, CUtensorMapInterleave Interleave,
    CUtensorMapIm2ColWideMode Mode, CUtensorMapSwizzle Swizzle,
    CUtensorMapL2promotion L2Promotion, CUtensorMapFloatOOBfill OobFill) {
  if (Mode < CU_TENSOR_MAP_IM2COL_WIDE_MODE_W ||
      Mode > CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = checkCommon(TensorMap, Type, Rank, 3, Address,
                                    GlobalDim, GlobalStrides, ElementStrides,
                                    Interleave, Swizzle, L2Promotion, OobFill,
                                    Channels))
    return Status;
  // Only the 64- and 128-byte swizzles (16- or 32-byte atoms).
  if (Swizzle != CU_TENSOR_MAP_SWIZZLE_64B &&
      Swizzle != CU_TENSOR_MAP_SWIZZLE_128B &&
      Swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B)
    return CUDA_ERROR_INVALID_VALUE;
  if (!validIm2colCounts(Type, Channels, Pixels,
                         Mode == CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128))
    return CUDA_ERROR_INVALID_VALUE;
  if (LowerCornerWidth < -32768 || LowerCornerWidth > 32767 ||
      UpperCornerWidth < -32768 || UpperCornerWidth > 32767)
    return CUDA_ERROR_INVALID_VALUE;
  Descriptor D = describe(tm::Kind::Im2colWide, Type, Rank, Address,
                          GlobalDim, GlobalStrides, ElementStrides, Interleave,
                          Swizzle, L2Promotion, OobFill);
  D.WideMode = static_cast<unsigned char>(Mode);
  D.LowerCorner[0] = static_cast<short>(LowerCornerWidth);
  D.UpperCorner[0] = static_cast<short>(UpperCornerWidth);
  D.ChannelsPerPixel = static_cast<unsigned short>(Channels);
  D.PixelsPerColumn = static_cast<unsigned short>(Pixels);
  return store(TensorMap, D);
}

CUresult cuTensorMapReplaceAddress(CUtensorMap *TensorMap, void *Address) {
  if (!TensorMap || reinterpret_cast<uintptr_t>(TensorMap) % 64)
    return CUDA_ERROR_INVALID_VALUE;
  Descriptor D;
  std::memcpy(&D, TensorMap, sizeof D);
  // Only a map an encoding call wrote; the new address aligned as the
  // encoding required.
  if (D.Magic != tm::Magic ||
      reinterpret_cast<uintptr_t>(Address) %
          addressAlignment(static_cast<CUtensorMapDataType>(D.DataType),
                           static_cast<CUtensorMapInterleave>(D.Interleave)))
    return CUDA_ERROR_INVALID_VALUE;
  D.GlobalAddress = reinterpret_cast<uintptr_t>(Address);
  return store(TensorMap, D);
}

} // extern "C"
