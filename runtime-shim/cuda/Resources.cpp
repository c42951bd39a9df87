//===- Resources.cpp - Device resources, batched copies, tensor maps ------===//
//
// Part of Rubicon. The driver functions of __rubicon/cuda_resources.h:
// device resources (a device's, or a context's, SM resource is all of its
// multiprocessors; there are no green contexts, so creating one or its
// descriptor is CUDA_ERROR_NOT_SUPPORTED and a stream's green context is
// NULL), cuStreamGetCtx_v2, cuPointerGetAttributes, cuMemcpyBatchAsync (the
// copies in order on the stream; the hints are accepted) and tensor map
// encoding (no tensor memory accelerator: CUDA_ERROR_NOT_SUPPORTED).
// docs/driver-api.md.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"

#include <cstdint>
#include <cstring>

using namespace rubicon::driver;

namespace {

/// The SM resource of a device: all of its multiprocessors.
CUresult smResourceOf(CUdevice Device, CUdevResource *Resource,
                      CUdevResourceType Type) {
  if (!Resource || Type != CU_DEV_RESOURCE_TYPE_SM)
    return CUDA_ERROR_INVALID_VALUE;
  int Count = 0;
  if (CUresult Status = cuDeviceGetAttribute(
          &Count, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Device))
    return Status;
  std::memset(Resource, 0, sizeof(*Resource));
  Resource->type = CU_DEV_RESOURCE_TYPE_SM;
  Resource->sm.smCount = static_cast<unsigned>(Count);
  Resource->sm.minSmPartitionSize = static_cast<unsigned>(Count);
  Resource->sm.smCoscheduledAlignment = 1;
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult cuDeviceGetDevResource(CUdevice Device, CUdevResource *Resource,
                                CUdevResourceType Type) {
  return smResourceOf(Device, Resource, Type);
}

CUresult cuCtxGetDevResource(CUcontext Context, CUdevResource *Resource,
                             CUdevResourceType Type) {
  int Device = Context ? contextDevice(Context) : -1;
  if (!Context) {
    CUdevice Current = 0;
    if (CUresult Status = cuCtxGetDevice(&Current))
      return Status;
    Device = Current;
  }
  if (Device < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return smResourceOf(Device, Resource, Type);
}

CUresult cuGreenCtxGetDevResource(CUgreenCtx, CUdevResource *,
                                  CUdevResourceType) {
  return CUDA_ERROR_INVALID_VALUE; // no green context exists
}

CUresult cuDevSmResourceSplitByCount(CUdevResource *, unsigned int *,
                                     const CUdevResource *, CUdevResource *,
                                     unsigned int, unsigned int) {
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *Desc,
                                   CUdevResource *Resources,
                                   unsigned int Count) {
  if (!Desc || !Resources || !Count)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuGreenCtxCreate(CUgreenCtx *Context, CUdevResourceDesc, CUdevice,
                          unsigned int) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuGreenCtxDestroy(CUgreenCtx) { return CUDA_ERROR_INVALID_VALUE; }

CUresult cuCtxFromGreenCtx(CUcontext *, CUgreenCtx) {
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGreenCtxStreamCreate(CUstream *, CUgreenCtx, unsigned int, int) {
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGreenCtxGetId(CUgreenCtx, unsigned long long *) {
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuStreamGetGreenCtx(CUstream Stream, CUgreenCtx *Context) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  CUcontext Ignored = nullptr;
  if (CUresult Status = cuStreamGetCtx(Stream, &Ignored))
    return Status;
  *Context = nullptr;
  return CUDA_SUCCESS;
}

CUresult cuStreamGetCtx_v2(CUstream Stream, CUcontext *Context,
                           CUgreenCtx *GreenContext) {
  if (!Context || !GreenContext)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = cuStreamGetCtx(Stream, Context))
    return Status;
  *GreenContext = nullptr;
  return CUDA_SUCCESS;
}

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

CUresult cuTensorMapEncodeTiled(CUtensorMap *TensorMap, CUtensorMapDataType,
                                cuuint32_t, void *, const cuuint64_t *,
                                const cuuint64_t *, const cuuint32_t *,
                                const cuuint32_t *, CUtensorMapInterleave,
                                CUtensorMapSwizzle, CUtensorMapL2promotion,
                                CUtensorMapFloatOOBfill) {
  if (!TensorMap)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuTensorMapEncodeIm2col(CUtensorMap *TensorMap, CUtensorMapDataType,
                                 cuuint32_t, void *, const cuuint64_t *,
                                 const cuuint64_t *, const int *, const int *,
                                 cuuint32_t, cuuint32_t, const cuuint32_t *,
                                 CUtensorMapInterleave, CUtensorMapSwizzle,
                                 CUtensorMapL2promotion,
                                 CUtensorMapFloatOOBfill) {
  if (!TensorMap)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuTensorMapReplaceAddress(CUtensorMap *TensorMap, void *) {
  if (!TensorMap)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

} // extern "C"
