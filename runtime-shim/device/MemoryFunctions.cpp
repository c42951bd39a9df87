//===- MemoryFunctions.cpp - memcpy and memset in device code -------------===//
//
// Part of Rubicon. Device code's calls to memcpy and memset (declared
// __device__ by the headers) resolve to these. The bodies are LLVM's memory
// intrinsics, which the AMDGPU backend always expands inline.
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

using namespace rubicon;

RUBICON_EXPORT void *memcpy(void *destination, const void *source,
                            size_t size) {
  __builtin_memcpy(destination, source, size);
  return destination;
}

RUBICON_EXPORT void *memset(void *destination, int value, size_t size) {
  __builtin_memset(destination, value, size);
  return destination;
}
