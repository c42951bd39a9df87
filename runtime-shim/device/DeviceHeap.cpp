//===- DeviceHeap.cpp - malloc and free in device code --------------------===//
//
// Part of Rubicon. Device-side malloc/free (CUDA Programming Guide, "Dynamic
// Global Memory Allocation") on ockl's device heap. Device code's calls to
// malloc and free resolve to these when the library is linked.
//
//===----------------------------------------------------------------------===//
#include "OcklServices.h"
#include "Primitives.h"

using namespace rubicon;

RUBICON_EXPORT void *malloc(size_t size) {
  return reinterpret_cast<void *>(__ockl_dm_alloc(size));
}

RUBICON_EXPORT void free(void *pointer) {
  if (pointer)
    __ockl_dm_dealloc(reinterpret_cast<u64>(pointer));
}
