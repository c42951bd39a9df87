//===- ImageMemory.cpp - NPP's image memory (libnppisu) -------------------===//
//
// Part of Rubicon. nppiMalloc_<type>_C<n>: a pitched device image from
// cudaMallocPitch, its pitch in bytes through pStepBytes; null on failure
// (as NPP documents), nppiFree releases it.
//
//===----------------------------------------------------------------------===//
#include "nppi_support_functions.h"

namespace {

void *mallocImage(int Width, int Height, size_t PixelBytes, int *StepBytes) {
  if (Width <= 0 || Height <= 0 || !StepBytes)
    return nullptr;
  void *Data = nullptr;
  size_t Pitch = 0;
  if (cudaMallocPitch(&Data, &Pitch, size_t(Width) * PixelBytes,
                      size_t(Height)) != cudaSuccess)
    return nullptr;
  *StepBytes = int(Pitch);
  return Data;
}

} // namespace

extern "C" {

#define RUBICON_NPPI_MALLOC(Type, Channels)                                    \
  Npp##Type *nppiMalloc_##Type##_C##Channels(int nWidthPixels,                 \
                                             int nHeightPixels,                \
                                             int *pStepBytes) {                \
    return static_cast<Npp##Type *>(mallocImage(                               \
        nWidthPixels, nHeightPixels, sizeof(Npp##Type) * Channels,             \
        pStepBytes));                                                          \
  }
RUBICON_NPPI_MALLOC(8u, 1)
RUBICON_NPPI_MALLOC(8u, 2)
RUBICON_NPPI_MALLOC(8u, 3)
RUBICON_NPPI_MALLOC(8u, 4)
RUBICON_NPPI_MALLOC(16u, 1)
RUBICON_NPPI_MALLOC(16u, 2)
RUBICON_NPPI_MALLOC(16u, 3)
RUBICON_NPPI_MALLOC(16u, 4)
RUBICON_NPPI_MALLOC(16s, 1)
RUBICON_NPPI_MALLOC(16s, 2)
RUBICON_NPPI_MALLOC(16s, 4)
RUBICON_NPPI_MALLOC(32s, 1)
RUBICON_NPPI_MALLOC(32s, 3)
RUBICON_NPPI_MALLOC(32s, 4)
RUBICON_NPPI_MALLOC(32f, 1)
RUBICON_NPPI_MALLOC(32f, 2)
RUBICON_NPPI_MALLOC(32f, 3)
RUBICON_NPPI_MALLOC(32f, 4)
#undef RUBICON_NPPI_MALLOC

void nppiFree(void *pData) {
  if (pData)
    cudaFree(pData);
}

} // extern "C"
