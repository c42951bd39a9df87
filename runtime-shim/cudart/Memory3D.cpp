//===- Memory3D.cpp - 3D allocations, copies and fills --------------------===//
//
// Part of Rubicon. cudaMalloc3D is a pitched allocation of height * depth
// rows; a 3D copy or fill is one 2D copy or fill per slice (the backend's
// memcpy2D/memset2D, in stream order when Async). Either end of a copy may
// be a CUDA array (runtime-shim/arrays: 1D, 2D, 3D, layered and cubemap
// arrays, slice after slice); arrays/Copy.h does the copies.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "arrays/Array.h"
#include "arrays/Copy.h"
#include "graphs/StreamHooks.h"

#include <vector>

using namespace rubicon::cudart;
using namespace rubicon::arrays;

namespace {

/// One end of a cudaMemcpy3D as the arrays layer's region end (x counts
/// elements of an array, bytes of linear memory).
RegionEnd regionEnd(cudaArray *Array, const cudaPitchedPtr &Ptr,
                    const cudaPos &Pos, size_t Texel) {
  RegionEnd End;
  End.Array = Array;
  End.Ptr = static_cast<char *>(Ptr.ptr);
  End.Pitch = Ptr.pitch;
  End.Rows = Ptr.ysize;
  End.X = Array ? Pos.x * Texel : Pos.x;
  End.Y = Pos.y;
  End.Z = Pos.z;
  return End;
}

cudaError_t memcpy3D(const cudaMemcpy3DParms *P, cudaStream_t Stream,
                     bool Async) {
  if (!P || (P->srcArray && P->srcPtr.ptr) || (P->dstArray && P->dstPtr.ptr) ||
      (!P->srcArray && !P->srcPtr.ptr) || (!P->dstArray && !P->dstPtr.ptr))
    return fail(cudaErrorInvalidValue);
  if (P->kind < cudaMemcpyHostToHost || P->kind > cudaMemcpyDefault)
    return fail(cudaErrorInvalidMemcpyDirection);
  const cudaExtent &E = P->extent;
  // The width counts bytes unless an end is an array: then its elements.
  cudaArray *Array = P->srcArray ? P->srcArray : P->dstArray;
  size_t Texel = 1;
  if (Array) {
    Texel = texelSize(Array->Desc);
    if (!Texel || (P->srcArray && P->dstArray &&
                   texelSize(P->dstArray->Desc) != Texel))
      return fail(cudaErrorInvalidValue);
  }
  RegionEnd Src = regionEnd(P->srcArray, P->srcPtr, P->srcPos, Texel);
  RegionEnd Dst = regionEnd(P->dstArray, P->dstPtr, P->dstPos, Texel);
  return withBackend([&](Backend &B) {
    return copyRegion(B, Src, Dst, E.width * Texel, E.height, E.depth,
                      P->kind, Stream, Async);
  });
}

cudaError_t memset3D(cudaPitchedPtr Ptr, int Value, cudaExtent E,
                     cudaStream_t Stream, bool Async) {
  if (!E.width || !E.height || !E.depth)
    return cudaSuccess;
  if (!Ptr.ptr || E.width > Ptr.pitch)
    return fail(cudaErrorInvalidValue);
  size_t Rows = Ptr.ysize ? Ptr.ysize : E.height;
  if (E.depth > 1 && E.height > Rows)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    for (size_t Z = 0; Z < E.depth; ++Z) {
      char *Slice = static_cast<char *>(Ptr.ptr) + Z * Ptr.pitch * Rows;
      if (Async)
        if (auto Captured = rubicon::graphs::hooks::fill(
                Slice, Ptr.pitch, unsigned(Value) & 0xff, 1, E.width,
                E.height, Stream)) {
          if (*Captured)
            return *Captured;
          continue;
        }
      if (cudaError_t Status = B.memset2D(Slice, Ptr.pitch, Value, E.width,
                                          E.height, Stream, Async))
        return Status;
    }
    return cudaSuccess;
  });
}

/// One operand of a cudaMemcpy3DBatchOp as an end of cudaMemcpy3DParms.
bool batchOperand(const cudaMemcpy3DOperand &Op, const cudaExtent &E,
                  size_t Texel, cudaArray *&Array, cudaPitchedPtr &Ptr,
                  cudaPos &Pos) {
  if (Op.type == cudaMemcpyOperandTypeArray) {
    Array = Op.op.array.array;
    Pos = {Op.op.array.offset.x, Op.op.array.offset.y, Op.op.array.offset.z};
    return Array != nullptr;
  }
  if (Op.type != cudaMemcpyOperandTypePointer || !Op.op.ptr.ptr ||
      (Op.op.ptr.rowLength && Op.op.ptr.rowLength < E.width) ||
      (Op.op.ptr.layerHeight && Op.op.ptr.layerHeight < E.height))
    return false;
  size_t Row = Op.op.ptr.rowLength ? Op.op.ptr.rowLength : E.width;
  size_t Layer = Op.op.ptr.layerHeight ? Op.op.ptr.layerHeight : E.height;
  Ptr = {Op.op.ptr.ptr, Row * Texel, Row * Texel, Layer};
  return true;
}

} // namespace

extern "C" {

// Each copy as cudaMemcpy3DAsync's, in order on the stream (CUDA lets a
// batch's copies run in any order); DuringApiCall sources are read before
// the call returns.
cudaError_t cudaMemcpy3DBatchAsync(size_t Count, cudaMemcpy3DBatchOp *Ops,
                                   unsigned long long Flags,
                                   cudaStream_t Stream) {
  if (!Count || !Ops || Flags || !Stream)
    return fail(cudaErrorInvalidValue);
  std::vector<cudaMemcpy3DParms> Copies(Count);
  for (size_t I = 0; I < Count; ++I) {
    const cudaMemcpy3DBatchOp &Op = Ops[I];
    const cudaExtent &E = Op.extent;
    if (!E.width || !E.height || !E.depth ||
        Op.srcAccessOrder < cudaMemcpySrcAccessOrderStream ||
        Op.srcAccessOrder > cudaMemcpySrcAccessOrderAny ||
        Op.flags > cudaMemcpyFlagPreferOverlapWithCompute)
      return fail(cudaErrorInvalidValue);
    // The element size: an array end's, else one byte.
    size_t Texel = 1;
    for (const cudaMemcpy3DOperand *End : {&Op.src, &Op.dst})
      if (End->type == cudaMemcpyOperandTypeArray && End->op.array.array)
        Texel = texelSize(End->op.array.array->Desc);
    cudaMemcpy3DParms &P = Copies[I];
    P = {};
    P.extent = E;
    P.kind = cudaMemcpyDefault;
    if (!Texel ||
        !batchOperand(Op.src, E, Texel, P.srcArray, P.srcPtr, P.srcPos) ||
        !batchOperand(Op.dst, E, Texel, P.dstArray, P.dstPtr, P.dstPos))
      return fail(cudaErrorInvalidValue);
  }
  for (size_t I = 0; I < Count; ++I) {
    bool Now = Ops[I].srcAccessOrder == cudaMemcpySrcAccessOrderDuringApiCall;
    if (Now)
      if (cudaError_t Status = cudaStreamSynchronize(Stream))
        return Status;
    if (cudaError_t Status = memcpy3D(&Copies[I], Stream, !Now))
      return Status;
  }
  return cudaSuccess;
}
cudaError_t cudaMemcpy3DBatchAsync_ptsz(size_t Count, cudaMemcpy3DBatchOp *Ops,
                                        unsigned long long Flags,
                                        cudaStream_t Stream) {
  return cudaMemcpy3DBatchAsync(Count, Ops, Flags,
                                Stream ? Stream : cudaStreamPerThread);
}

cudaError_t cudaMalloc3D(cudaPitchedPtr *PitchedDevPtr, cudaExtent Extent) {
  if (!PitchedDevPtr)
    return fail(cudaErrorInvalidValue);
  *PitchedDevPtr = {};
  void *Ptr = nullptr;
  size_t Pitch = 0;
  if (cudaError_t Status =
          cudaMallocPitch(&Ptr, &Pitch, Extent.width,
                          Extent.height * (Extent.depth ? Extent.depth : 1)))
    return Status;
  *PitchedDevPtr = {Ptr, Pitch, Extent.width, Extent.height};
  return cudaSuccess;
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *P) {
  return memcpy3D(P, nullptr, false);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *P, cudaStream_t Stream) {
  return memcpy3D(P, Stream, true);
}

cudaError_t cudaMemset3D(cudaPitchedPtr Ptr, int Value, cudaExtent Extent) {
  return memset3D(Ptr, Value, Extent, nullptr, false);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr Ptr, int Value, cudaExtent Extent,
                              cudaStream_t Stream) {
  return memset3D(Ptr, Value, Extent, Stream, true);
}

} // extern "C"
