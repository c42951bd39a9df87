//===- Copy.h - Copies to, from and between CUDA arrays ---------*- C++ -*-===//
//
// Part of Rubicon. The copies both APIs make with CUDA arrays at either end
// (cudaMemcpy3D, cudaMemcpy2DToArray, cudaMemcpyToArray, cuMemcpy3D,
// cuMemcpy2D, cuMemcpyHtoA, cuMemcpyAtoA, ...), over the backend's 1D and 2D
// copies, in stream order when Async. During stream capture each piece of
// an asynchronous copy becomes a copy node (graphs/StreamHooks.h); a
// synchronous copy there is the capture's error.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_ARRAYS_COPY_H
#define RUBICON_ARRAYS_COPY_H

#include "arrays/Array.h"

namespace rubicon::arrays {

/// One end of a region copy: an array, or pitched linear memory.
struct RegionEnd {
  cudaArray *Array = nullptr;
  char *Ptr = nullptr;  // linear memory
  size_t Pitch = 0;     // bytes per row of linear memory
  size_t Rows = 0;      // rows per slice of linear memory; 0: the copy's
  size_t X = 0, Y = 0, Z = 0; // X in bytes
};

/// Copies WidthBytes x Height x Depth bytes between the ends, checking that
/// the region lies inside each array and that linear memory has a pitch
/// for it (else cudaErrorInvalidValue).
cudaError_t copyRegion(Backend &B, const RegionEnd &Src, const RegionEnd &Dst,
                       size_t WidthBytes, size_t Height, size_t Depth,
                       cudaMemcpyKind Kind, cudaStream_t Stream, bool Async);

/// One end of a linear copy: Offset bytes into an array, counted row after
/// row without the padding of its pitch (cuMemcpyHtoA's dstOffset), or
/// linear memory at Ptr.
struct LinearEnd {
  cudaArray *Array = nullptr;
  char *Ptr = nullptr;
  size_t Offset = 0;
};

/// Copies Count bytes between the ends (cudaErrorInvalidValue when they run
/// past an array's end).
cudaError_t copyLinear(Backend &B, const LinearEnd &Src, const LinearEnd &Dst,
                       size_t Count, cudaMemcpyKind Kind, cudaStream_t Stream,
                       bool Async);

/// Height rows of Width elements of ElementSize (1, 2 or 4) bytes set to
/// Value, Pitch bytes apart (cudaMemset2D, cuMemsetD2D8/16/32).
cudaError_t fill2D(Backend &B, char *Ptr, size_t Pitch, unsigned Value,
                   unsigned ElementSize, size_t Width, size_t Height,
                   cudaStream_t Stream, bool Async);

} // namespace rubicon::arrays

#endif // RUBICON_ARRAYS_COPY_H
