/*===- __rubicon/cuda_memory_hints.h - Unified-memory hints (driver) -----===*
 *
 * Part of Rubicon. The driver API's unified-memory advice, prefetches,
 * discards and range queries (cuMemAdvise, cuMemPrefetchAsync,
 * cuMemRangeGetAttribute(s), cuStreamAttachMemAsync, the batch forms),
 * written from the CUDA driver API reference. Included by cuda.h inside its
 * extern "C" block, after __rubicon/cuda_graph.h (CUmemLocation).
 * Implemented in runtime-shim/cuda/MemoryHints.cpp over the records the
 * runtime's cudaMemAdvise keeps (one table for both APIs).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CUDA_MEMORY_HINTS_H
#define RUBICON_INTERNAL_CUDA_MEMORY_HINTS_H

typedef enum CUmem_advise_enum {
  CU_MEM_ADVISE_SET_READ_MOSTLY = 1,
  CU_MEM_ADVISE_UNSET_READ_MOSTLY = 2,
  CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3,
  CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION = 4,
  CU_MEM_ADVISE_SET_ACCESSED_BY = 5,
  CU_MEM_ADVISE_UNSET_ACCESSED_BY = 6
} CUmem_advise;

typedef enum CUmem_range_attribute_enum {
  CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY = 1,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2,
  CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY = 3,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION = 4,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE = 5,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID = 6,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE = 7,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID = 8
} CUmem_range_attribute;

/* The host, as a device number of the CUDA 12 forms. */
#define CU_DEVICE_CPU ((CUdevice)-1)
#define CU_DEVICE_INVALID ((CUdevice)-2)

/* CUDA 13.0's forms take a CUmemLocation (cuMemAdvise_v2,
   cuMemPrefetchAsync_v2); the CUDA 12 ones a device number. */
CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice,
                        CUmemLocation location);
CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
                               CUmemLocation location, unsigned int flags,
                               CUstream hStream);
#if !defined(RUBICON_CUDA_DRIVER_IMPLEMENTATION)
#define cuMemAdvise cuMemAdvise_v2
#define cuMemPrefetchAsync cuMemPrefetchAsync_v2
#endif
CUresult cuMemRangeGetAttribute(void *data, size_t dataSize,
                                CUmem_range_attribute attribute,
                                CUdeviceptr devPtr, size_t count);
CUresult cuMemRangeGetAttributes(void **data, size_t *dataSizes,
                                 CUmem_range_attribute *attributes,
                                 size_t numAttributes, CUdeviceptr devPtr,
                                 size_t count);
CUresult cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr,
                                size_t length, unsigned int flags);
CUresult cuMemPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes,
                                 size_t count, CUmemLocation *prefetchLocs,
                                 size_t *prefetchLocIdxs,
                                 size_t numPrefetchLocs,
                                 unsigned long long flags, CUstream hStream);
CUresult cuMemDiscardBatchAsync(CUdeviceptr *dptrs, size_t *sizes,
                                size_t count, unsigned long long flags,
                                CUstream hStream);
CUresult cuMemDiscardAndPrefetchBatchAsync(
    CUdeviceptr *dptrs, size_t *sizes, size_t count,
    CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs,
    size_t numPrefetchLocs, unsigned long long flags, CUstream hStream);

/* The flags pinned host memory was allocated with (cuMemHostAlloc). */
CUresult cuMemHostGetFlags(unsigned int *pFlags, void *p);

#endif /* RUBICON_INTERNAL_CUDA_MEMORY_HINTS_H */
