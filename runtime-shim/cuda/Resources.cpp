//===- Resources.cpp - Pointer attributes, batched copies -----------------===//
//
// Part of Rubicon. The driver functions of __rubicon/cuda_resources.h but
// device resources and green contexts (GreenContexts.cpp):
// cuPointerGetAttributes and cuMemcpyBatchAsync (the
// copies in order on the stream; the hints are accepted); tensor maps are
// TensorMaps.cpp.
// docs/driver-api.md.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"

#include <cstdint>
#include <cstring>

using namespace rubicon::driver;

extern "C" {

CUresult cuPointerGetAttributes(unsigned int Count,
                                CUpointer_attribute *Attributes, void **Data,
                                CUdeviceptr Pointer) {
  if (!Count || !Attributes || !Data)
    return CUDA_ERROR_INVALID_VALUE;
  // CUDA fills what memory it does not know with "no" answers instead of
  // failing: a null context and memory type, not managed, ordinal -2.
  CUmemorytype Type{};
  bool Known = cuPointerGetAttribute(&Type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                     Pointer) == CUDA_SUCCESS;
  for (unsigned I = 0; I < Count; ++I) {
    if (!Data[I])
      continue;
    CUpointer_attribute Attribute = Attributes[I];
    if (Known &&
        cuPointerGetAttribute(Data[I], Attribute, Pointer) == CUDA_SUCCESS)
      continue;
    switch (Attribute) {
    case CU_POINTER_ATTRIBUTE_CONTEXT:
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
    case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
      *static_cast<void **>(Data[I]) = nullptr;
      break;
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *static_cast<unsigned *>(Data[I]) = 0;
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      *static_cast<CUdeviceptr *>(Data[I]) = 0;
      break;
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
      *static_cast<size_t *>(Data[I]) = 0;
      break;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
    case CU_POINTER_ATTRIBUTE_MAPPED:
    case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
    case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
      *static_cast<bool *>(Data[I]) = false;
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *static_cast<int *>(Data[I]) = -2;
      break;
    case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
    case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
      *static_cast<unsigned long long *>(Data[I]) = 0;
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  }
  return CUDA_SUCCESS;
}

// Both forms of cuMemcpyBatchAsync; FailIndex (CUDA 12.8's form only) names
// the copy that failed, SIZE_MAX when the batch itself was invalid.
static CUresult memcpyBatch(CUdeviceptr *Dsts, CUdeviceptr *Srcs,
                            size_t *Sizes, size_t Count,
                            CUmemcpyAttributes *Attributes,
                            size_t *AttributeIndices, size_t AttributeCount,
                            size_t *FailIndex, CUstream Stream) {
  if (FailIndex)
    *FailIndex = SIZE_MAX;
  if (!Count || !Dsts || !Srcs || !Sizes || !Attributes ||
      !AttributeIndices || !AttributeCount || AttributeCount > Count ||
      AttributeIndices[0] != 0)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t A = 0; A < AttributeCount; ++A) {
    if ((A && AttributeIndices[A] <= AttributeIndices[A - 1]) ||
        AttributeIndices[A] >= Count)
      return CUDA_ERROR_INVALID_VALUE;
    if (Attributes[A].srcAccessOrder == CU_MEMCPY_SRC_ACCESS_ORDER_INVALID ||
        Attributes[A].srcAccessOrder > CU_MEMCPY_SRC_ACCESS_ORDER_ANY)
      return CUDA_ERROR_INVALID_VALUE;
  }
  for (size_t I = 0; I < Count; ++I)
    if (CUresult Status = cuMemcpyAsync(Dsts[I], Srcs[I], Sizes[I], Stream)) {
      if (FailIndex)
        *FailIndex = I;
      return Status;
    }
  return CUDA_SUCCESS;
}

CUresult cuMemcpyBatchAsync_v2(CUdeviceptr *Dsts, CUdeviceptr *Srcs,
                               size_t *Sizes, size_t Count,
                               CUmemcpyAttributes *Attributes,
                               size_t *AttributeIndices, size_t AttributeCount,
                               CUstream Stream) {
  return memcpyBatch(Dsts, Srcs, Sizes, Count, Attributes, AttributeIndices,
                     AttributeCount, nullptr, Stream);
}

CUresult cuMemcpyBatchAsync(CUdeviceptr *Dsts, CUdeviceptr *Srcs,
                            size_t *Sizes, size_t Count,
                            CUmemcpyAttributes *Attributes,
                            size_t *AttributeIndices, size_t AttributeCount,
                            size_t *FailIndex, CUstream Stream) {
  return memcpyBatch(Dsts, Srcs, Sizes, Count, Attributes, AttributeIndices,
                     AttributeCount, FailIndex, Stream);
}

// No decompression engine (CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK
// is 0): a well-formed batch is CUDA_ERROR_NOT_SUPPORTED, about the batch as
// a whole (errorIndex SIZE_MAX).
CUresult cuMemBatchDecompressAsync(CUmemDecompressParams *Params, size_t Count,
                                   unsigned Flags, size_t *ErrorIndex,
                                   CUstream) {
  if (ErrorIndex)
    *ErrorIndex = SIZE_MAX;
  if (!Params || !Count || Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

} // extern "C"
