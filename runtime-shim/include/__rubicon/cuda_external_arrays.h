/*===- __rubicon/cuda_external_arrays.h - Arrays over external memory ----===*
 *
 * Part of Rubicon. cuExternalMemoryGetMappedMipmappedArray, written from the
 * CUDA driver API reference. Included by cuda.h inside its extern "C" block,
 * after __rubicon/cuda_arrays.h (CUDA_ARRAY3D_DESCRIPTOR) and
 * __rubicon/cuda_external.h (CUexternalMemory). Implemented in
 * runtime-shim/cuda/ExternalResources.cpp over runtime-shim/arrays.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CUDA_EXTERNAL_ARRAYS_H
#define RUBICON_INTERNAL_CUDA_EXTERNAL_ARRAYS_H

typedef struct CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_st {
  unsigned long long offset;
  CUDA_ARRAY3D_DESCRIPTOR arrayDesc;
  unsigned int numLevels;
  unsigned int reserved[16];
} CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1,
    CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC;

CUresult cuExternalMemoryGetMappedMipmappedArray(
    CUmipmappedArray *mipmap, CUexternalMemory extMem,
    const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC *mipmapDesc);

#endif /* RUBICON_INTERNAL_CUDA_EXTERNAL_ARRAYS_H */
