//===- StreamHooks.h - What stream capture and pools need at enqueue points -===//
//
// Part of Rubicon. The one place where libcudart and libcuda tell graphs,
// stream capture and memory pools about work entering a stream. Each hook
// returns std::nullopt when the call proceeds as usual, else the call's
// result (the work became a node of a capture graph, or the call is illegal
// during capture). With no capture anywhere, the capture part of a hook is
// one atomic load.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_STREAMHOOKS_H
#define RUBICON_GRAPHS_STREAMHOOKS_H

#include "Backend.h"
#include "Graph.h"
#include "driver_types.h"

#include <optional>

namespace rubicon::graphs::hooks {

using cudart::Backend;
using cudart::LaunchDims;
using Hook = std::optional<cudaError_t>;

/// A kernel launch: a registered host stub, or a module function.
Hook kernel(Backend &B, const void *Function, bool ModuleFunction,
            void *UserFunction, LaunchDims Grid, LaunchDims Block,
            void **Args, const void *ArgBuffer, size_t ArgBufferSize,
            size_t SharedMem, cudaStream_t Stream, bool Cooperative);
Hook copy(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind,
          cudaStream_t Stream);
Hook copy2D(void *Dst, size_t DstPitch, const void *Src, size_t SrcPitch,
            size_t Width, size_t Height, cudaMemcpyKind Kind,
            cudaStream_t Stream);
/// A fill of Height rows of Width elements of ElementSize bytes.
Hook fill(void *Ptr, size_t Pitch, unsigned Value, unsigned ElementSize,
          size_t Width, size_t Height, cudaStream_t Stream);
Hook hostFunction(cudaHostFn_t Function, void *UserData, cudaStream_t Stream);
/// External semaphores signaled (SignalParams) or waited for (WaitParams).
Hook externalSemaphores(void *const *Semaphores,
                        const cudaExternalSemaphoreSignalParams *SignalParams,
                        const cudaExternalSemaphoreWaitParams *WaitParams,
                        unsigned Count, cudaStream_t Stream);
/// Stream memory operations (cuStreamWaitValue32, cuStreamBatchMemOp, ...);
/// Records is the caller's parameter array, kept for the node's queries.
Hook memOperations(const std::vector<MemOperation> &Ops, const void *Records,
                   size_t RecordBytes, unsigned Flags, cudaStream_t Stream);
/// cudaStreamAddCallback: not capturable.
Hook callback(cudaStream_t Stream);
Hook eventRecord(cudaEvent_t Event, cudaStream_t Stream);
Hook streamWaitEvent(Backend &B, cudaStream_t Stream, cudaEvent_t Event,
                     unsigned Flags);
Hook mallocAsync(Backend &B, void **Ptr, size_t Size, cudaStream_t Stream);
Hook freeAsync(void *Ptr, cudaStream_t Stream);
/// cudaFree of a graph allocation frees it.
Hook free(void *Ptr);
/// cudaStreamSynchronize/cudaStreamQuery.
cudaError_t synchronous(cudaStream_t Stream);
/// Synchronous copies and fills, cudaMalloc, cudaDeviceSynchronize.
cudaError_t unsafe();
/// cudaEventQuery/cudaEventSynchronize.
cudaError_t eventQuery(cudaEvent_t Event);
/// After a successful stream or device synchronization (pools give memory
/// above their release threshold back).
void synchronized(Backend &B, cudaStream_t Stream, bool Device);
void streamDestroyed(cudaStream_t Stream);
void eventDestroyed(cudaEvent_t Event);

} // namespace rubicon::graphs::hooks

#endif // RUBICON_GRAPHS_STREAMHOOKS_H
