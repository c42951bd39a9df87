//===- StreamHooks.cpp - Enqueue points: capture and pools ----------------===//
//
// Part of Rubicon. StreamHooks.h.
//
//===----------------------------------------------------------------------===//

#include "StreamHooks.h"
#include "GraphCalls.h"

#include "Capture.h"
#include "MemPool.h"

namespace rubicon::graphs::hooks {

namespace {

/// Whether the hook is done before looking at the work: the stream is not
/// capturing (Out stays empty: the call goes on as usual), or it is the
/// legacy stream while a blocking stream captures (Out is the error).
bool usual(cudaStream_t Stream, Hook &Out) {
  if (!capture::anyCapture())
    return true;
  if ((Out = capture::legacyStreamUse(Stream)))
    return true;
  return !capture::capturing(Stream);
}

cudaMemcpy3DParms pitchedCopy(void *Dst, size_t DstPitch, const void *Src,
                              size_t SrcPitch, size_t Width, size_t Height,
                              cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C{};
  C.srcPtr = {const_cast<void *>(Src), SrcPitch, Width, Height};
  C.dstPtr = {Dst, DstPitch, Width, Height};
  C.extent = {Width, Height, 1};
  C.kind = Kind;
  return C;
}

} // namespace

Hook kernel(Backend &B, const void *Function, bool ModuleFunction,
            void *UserFunction, LaunchDims Grid, LaunchDims Block, void **Args,
            const void *ArgBuffer, size_t ArgBufferSize, size_t SharedMem,
            cudaStream_t Stream, bool Cooperative) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  NodeParams P;
  P.Type = cudaGraphNodeTypeKernel;
  KernelCall &K = P.Kernel;
  K.Function = Function;
  K.ModuleFunction = ModuleFunction;
  K.UserFunction = UserFunction;
  K.Grid = Grid;
  K.Block = Block;
  K.SharedMem = unsigned(SharedMem);
  if (ArgBuffer) {
    const auto *Bytes = static_cast<const unsigned char *>(ArgBuffer);
    K.ArgBuffer.assign(Bytes, Bytes + ArgBufferSize);
  } else if (cudaError_t Status = K.setArguments(B, Args)) {
    return Status;
  }
  if (Cooperative)
    K.Attributes[cudaLaunchAttributeCooperative].cooperative = 1;
  return capture::node(Stream, P);
}

Hook copy(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind,
          cudaStream_t Stream) {
  return copy2D(Dst, Count, Src, Count, Count, 1, Kind, Stream);
}

Hook copy2D(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
            size_t Width, size_t Height, cudaMemcpyKind Kind,
            cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  NodeParams P;
  P.Type = cudaGraphNodeTypeMemcpy;
  P.Copy = pitchedCopy(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind);
  return capture::node(Stream, P);
}

Hook fill(void *Ptr, size_t Pitch, unsigned Value, unsigned ElementSize,
          size_t Width, size_t Height, cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  NodeParams P;
  P.Type = cudaGraphNodeTypeMemset;
  P.Memset = {Ptr, Pitch, Value, ElementSize, Width, Height};
  return capture::node(Stream, P);
}

Hook hostFunction(cudaHostFn_t Function, void *UserData, cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  NodeParams P;
  P.Type = cudaGraphNodeTypeHost;
  P.Host = {Function, UserData};
  return capture::node(Stream, P);
}

Hook externalSemaphores(void *const *Semaphores,
                        const cudaExternalSemaphoreSignalParams *SignalParams,
                        const cudaExternalSemaphoreWaitParams *WaitParams,
                        unsigned Count, cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  NodeParams P;
  if (cudaError_t Status = calls::externalSemaphoreParams(
          reinterpret_cast<const cudaExternalSemaphore_t *>(Semaphores),
          SignalParams, WaitParams, Count, P))
    return Status;
  return capture::node(Stream, P);
}

Hook memOperations(const std::vector<MemOperation> &Ops, const void *Records,
                   size_t RecordBytes, unsigned Flags, cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  NodeParams P;
  calls::memOperationParams(Ops, Records, RecordBytes, Flags, P);
  return capture::node(Stream, P);
}

Hook callback(cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  capture::checkSynchronous(Stream); // Invalidates the capture.
  return cudaErrorStreamCaptureUnsupported;
}

Hook eventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  if (Hook Out = capture::eventRecord(Event, Stream))
    return Out;
  order::eventRecorded(Event, Stream);
  return std::nullopt;
}

Hook streamWaitEvent(Backend &B, cudaStream_t Stream, cudaEvent_t Event,
                     unsigned Flags) {
  if (Hook Out = capture::streamWaitEvent(B, Stream, Event, Flags))
    return Out;
  order::streamWaited(Stream, Event);
  return std::nullopt;
}

Hook mallocAsync(Backend &B, void **Ptr, size_t Size, cudaStream_t Stream) {
  Hook Out;
  if (usual(Stream, Out))
    return Out;
  if (Size == 0)
    return cudaErrorInvalidValue;
  auto Allocation = std::make_shared<GraphAllocation>();
  if (cudaError_t Status = B.malloc(&Allocation->Pointer, Size))
    return Status;
  Allocation->Owner = &B;
  Allocation->Size = Size;
  noteGraphAllocation(*Allocation, true, false);
  NodeParams P;
  P.Type = cudaGraphNodeTypeMemAlloc;
  P.Alloc.poolProps.allocType = cudaMemAllocationTypePinned;
  P.Alloc.poolProps.location.type = cudaMemLocationTypeDevice;
  B.getDevice(P.Alloc.poolProps.location.id);
  P.Alloc.bytesize = Size;
  P.Alloc.dptr = Allocation->Pointer;
  void *Pointer = Allocation->Pointer;
  P.Allocation = std::move(Allocation);
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Hook Status = capture::node(Stream, P);
  if (Status && *Status == cudaSuccess)
    *Ptr = Pointer;
  return Status;
}

Hook freeAsync(void *Ptr, cudaStream_t Stream) {
  Hook Out;
  if (!usual(Stream, Out)) {
    NodeParams P;
    P.Type = cudaGraphNodeTypeMemFree;
    P.FreePointer = Ptr;
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    return capture::node(Stream, P);
  }
  return Out ? Out : free(Ptr);
}

Hook free(void *Ptr) {
  if (Ptr && freeGraphAllocation(Ptr))
    return cudaSuccess;
  return std::nullopt;
}

cudaError_t synchronous(cudaStream_t Stream) {
  return capture::checkSynchronous(Stream);
}

cudaError_t unsafe() { return capture::checkUnsafe(); }

cudaError_t eventQuery(cudaEvent_t Event) { return capture::checkEvent(Event); }

void synchronized(Backend &B, cudaStream_t Stream, bool Device) {
  MemPool::synchronized(B, Stream, Device);
}

void streamDestroyed(cudaStream_t Stream) {
  capture::forgetStream(Stream);
  order::forgetStream(Stream);
}

void eventDestroyed(cudaEvent_t Event) { capture::forgetEvent(Event); }

} // namespace rubicon::graphs::hooks
