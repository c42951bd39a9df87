//===- SignalMemory.cpp - NPP's signal memory (libnpps) -------------------===//
//
// Part of Rubicon. nppsMalloc_<type>: a device array from cudaMalloc, null
// on failure; nppsFree releases it.
//
//===----------------------------------------------------------------------===//
#include "npps_support_functions.h"

namespace {

void *mallocSignal(size_t Count, size_t ElementBytes) {
  void *Data = nullptr;
  if (Count == 0 || cudaMalloc(&Data, Count * ElementBytes) != cudaSuccess)
    return nullptr;
  return Data;
}

} // namespace

extern "C" {

#define RUBICON_NPPS_MALLOC(Type)                                              \
  Npp##Type *nppsMalloc_##Type(size_t nSize) {                                 \
    return static_cast<Npp##Type *>(mallocSignal(nSize, sizeof(Npp##Type)));  \
  }
RUBICON_NPPS_MALLOC(8u)
RUBICON_NPPS_MALLOC(16s)
RUBICON_NPPS_MALLOC(32s)
RUBICON_NPPS_MALLOC(32f)
RUBICON_NPPS_MALLOC(64f)
RUBICON_NPPS_MALLOC(32fc)
#undef RUBICON_NPPS_MALLOC

void nppsFree(void *pValues) {
  if (pValues)
    cudaFree(pValues);
}

} // extern "C"
