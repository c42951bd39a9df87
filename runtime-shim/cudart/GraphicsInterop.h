//===- GraphicsInterop.h - Graphics resources for both APIs -----*- C++ -*-===//
//
// Part of Rubicon. Graphics resources are registered through the runtime
// (cudaGraphicsGLRegisterBuffer/Image: GraphicsInterop.cpp), and a
// cudaGraphicsResource_t is a CUgraphicsResource. libcuda's cuGraphics*
// calls reach the runtime's through this table, which libcudart publishes in
// the libraries' shared state (graphs/SharedState.h) when it registers its
// first resource: until then no resource exists, and every handle the driver
// is given is invalid (docs/graphics-interop.md).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUDART_GRAPHICSINTEROP_H
#define RUBICON_CUDART_GRAPHICSINTEROP_H

#include "driver_types.h"

#include <cstddef>

namespace rubicon::cudart {

/// The runtime's graphics-interop calls, without its last-error bookkeeping
/// (a driver call leaves cudaGetLastError alone). All null until libcudart
/// has registered a resource.
struct GraphicsInteropCalls {
  cudaError_t (*Unregister)(cudaGraphicsResource_t) = nullptr;
  cudaError_t (*SetMapFlags)(cudaGraphicsResource_t, unsigned) = nullptr;
  cudaError_t (*Map)(int, cudaGraphicsResource_t *, cudaStream_t) = nullptr;
  cudaError_t (*Unmap)(int, cudaGraphicsResource_t *, cudaStream_t) = nullptr;
  cudaError_t (*MappedPointer)(void **, size_t *,
                               cudaGraphicsResource_t) = nullptr;
  cudaError_t (*MappedArray)(cudaArray_t *, cudaGraphicsResource_t, unsigned,
                             unsigned) = nullptr;
  cudaError_t (*MappedMipmappedArray)(cudaMipmappedArray_t *,
                                      cudaGraphicsResource_t) = nullptr;
};

} // namespace rubicon::cudart

#endif // RUBICON_CUDART_GRAPHICSINTEROP_H
