//===- GraphApi.cpp - Graphs and stream capture: the cuda* functions ------===//
//
// Part of Rubicon. The runtime API of CUDA graphs and stream capture over
// runtime-shim/graphs (GraphCalls.h, docs/graphs.md): what is particular to
// the runtime API (kernels named by host stub, symbols, the parameter
// structs), then the calls shared with libcuda; errors are recorded as the
// thread's last error.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "Runtime.h"
#include "arrays/Array.h"
#include "graphs/GraphCalls.h"

#include <cstring>
#include <type_traits>

using namespace rubicon::cudart;
using namespace rubicon::graphs;
using rubicon::arrays::texelSize;

namespace {

/// A copy whose ends may be CUDA arrays (1D/2D: pitched device memory,
/// arrays/Array.h) as a copy between pitched pointers, the width and x
/// positions in bytes.
cudaError_t copyParams(const cudaMemcpy3DParms *C, NodeParams &P) {
  if (!C || (C->srcArray && C->srcPtr.ptr) || (C->dstArray && C->dstPtr.ptr))
    return cudaErrorInvalidValue;
  if (!C->srcArray && !C->dstArray)
    return calls::copyParams(C, P);
  cudaMemcpy3DParms R = *C;
  const cudaArray *Array = C->srcArray ? C->srcArray : C->dstArray;
  size_t Texel = texelSize(Array->Desc);
  if (!Texel)
    return cudaErrorInvalidValue;
  R.extent.width = C->extent.width * Texel;
  auto Flatten = [&](const cudaArray *A, cudaPitchedPtr &Ptr, cudaPos &Pos) {
    size_t Rows = A->Height ? A->Height : 1;
    size_t Height = C->extent.height ? C->extent.height : 1;
    if (texelSize(A->Desc) != Texel || Pos.z + (C->extent.depth ? C->extent.depth : 1) > 1 ||
        Pos.y + Height > Rows || Pos.x * Texel + R.extent.width > A->Width * Texel)
      return false;
    Ptr = {A->Data, A->Pitch, A->Width * Texel, Rows};
    Pos.x *= Texel;
    return true;
  };
  if (C->srcArray && !Flatten(C->srcArray, R.srcPtr, R.srcPos))
    return cudaErrorInvalidValue;
  if (C->dstArray && !Flatten(C->dstArray, R.dstPtr, R.dstPos))
    return cudaErrorInvalidValue;
  R.srcArray = R.dstArray = nullptr;
  return calls::copyParams(&R, P);
}

cudaError_t kernelParams(Backend &B, const void *Function, dim3 Grid,
                         dim3 Block, unsigned Shared, void **Args, void **Extra,
                         NodeParams &P) {
  if (!Function || !runtime().findKernel(Function))
    return cudaErrorInvalidDeviceFunction;
  if (Extra && !Args)
    return cudaErrorInvalidValue;
  if (Grid.x == 0 || Grid.y == 0 || Grid.z == 0 || Block.x == 0 ||
      Block.y == 0 || Block.z == 0)
    return cudaErrorInvalidConfiguration;
  P.Type = cudaGraphNodeTypeKernel;
  P.Kernel.Function = Function;
  P.Kernel.UserFunction = const_cast<void *>(Function);
  P.Kernel.Grid = {Grid.x, Grid.y, Grid.z};
  P.Kernel.Block = {Block.x, Block.y, Block.z};
  P.Kernel.SharedMem = Shared;
  return P.Kernel.setArguments(B, Args);
}

cudaError_t kernelParams(Backend &B, const cudaKernelNodeParams *K,
                         NodeParams &P) {
  if (!K)
    return cudaErrorInvalidValue;
  return kernelParams(B, K->func, K->gridDim, K->blockDim, K->sharedMemBytes,
                      K->kernelParams, K->extra, P);
}

cudaError_t toSymbolParams(Backend &B, const void *Symbol, const void *Src,
                           size_t Count, size_t Offset, cudaMemcpyKind Kind,
                           NodeParams &P) {
  if (Kind != cudaMemcpyHostToDevice && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  char *Dst = nullptr;
  if (cudaError_t Status = symbolRange(B, Symbol, Offset, Count, Dst))
    return Status;
  cudaMemcpy3DParms C = calls::linearCopy(Dst, Src, Count, Kind);
  return calls::copyParams(&C, P);
}

cudaError_t fromSymbolParams(Backend &B, void *Dst, const void *Symbol,
                             size_t Count, size_t Offset, cudaMemcpyKind Kind,
                             NodeParams &P) {
  if (Kind != cudaMemcpyDeviceToHost && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  char *Src = nullptr;
  if (cudaError_t Status = symbolRange(B, Symbol, Offset, Count, Src))
    return Status;
  cudaMemcpy3DParms C = calls::linearCopy(Dst, Src, Count, Kind);
  return calls::copyParams(&C, P);
}

/// One node of any type from cudaGraphNodeParams (cudaGraphAddNode).
cudaError_t genericParams(Backend &B, cudaGraphNodeParams *G, NodeParams &P) {
  switch (G->type) {
  case cudaGraphNodeTypeKernel:
    return kernelParams(B, G->kernel.func, G->kernel.gridDim,
                        G->kernel.blockDim, G->kernel.sharedMemBytes,
                        G->kernel.kernelParams, G->kernel.extra, P);
  case cudaGraphNodeTypeMemcpy:
    return copyParams(&G->memcpy.copyParams, P);
  case cudaGraphNodeTypeMemset: {
    cudaMemsetParams M{G->memset.dst,         G->memset.pitch,
                       G->memset.value,       G->memset.elementSize,
                       G->memset.width,       G->memset.height};
    return calls::memsetParams(&M, P);
  }
  case cudaGraphNodeTypeHost: {
    cudaHostNodeParams H{G->host.fn, G->host.userData};
    return calls::hostParams(&H, P);
  }
  case cudaGraphNodeTypeEmpty:
    P.Type = cudaGraphNodeTypeEmpty;
    return cudaSuccess;
  case cudaGraphNodeTypeWaitEvent:
  case cudaGraphNodeTypeEventRecord:
    return calls::eventParams(G->eventWait.event, G->type, P);
  case cudaGraphNodeTypeMemAlloc: {
    cudaMemAllocNodeParams A{G->alloc.poolProps, G->alloc.accessDescs,
                             G->alloc.accessDescCount, G->alloc.bytesize,
                             nullptr};
    cudaError_t Status = calls::allocParams(B, &A, P);
    G->alloc.dptr = A.dptr;
    return Status;
  }
  case cudaGraphNodeTypeMemFree:
    return calls::freeParams(G->free.dptr, P);
  case cudaGraphNodeTypeExtSemaphoreSignal:
    return calls::externalSemaphoreParams(
        G->extSemSignal.extSemArray, G->extSemSignal.paramsArray, nullptr,
        G->extSemSignal.numExtSems, P);
  case cudaGraphNodeTypeExtSemaphoreWait:
    return calls::externalSemaphoreParams(
        G->extSemWait.extSemArray, nullptr, G->extSemWait.paramsArray,
        G->extSemWait.numExtSems, P);
  default:
    return cudaErrorInvalidValue;
  }
}

/// Builds NodeParams with Make, then hands them to Use.
template <class MakeT, class UseT>
cudaError_t withParams(MakeT &&Make, UseT &&Use) {
  return withBackend([&](Backend &B) -> cudaError_t {
    NodeParams P;
    if (cudaError_t Status = Make(B, P))
      return Status;
    return Use(std::move(P));
  });
}

template <class GetT>
cudaError_t getNode(cudaGraphNode_t Node, cudaGraphNodeType Type, GetT &&Get) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  NodeParams *P = nullptr;
  if (cudaError_t Status = calls::nodeParams(Node, Type, P))
    return fail(Status);
  Get(*P);
  return cudaSuccess;
}

/// External semaphore nodes.
template <class ParamsT>
cudaError_t semaphoreParams(const ParamsT *Params, NodeParams &P) {
  if (!Params)
    return cudaErrorInvalidValue;
  if constexpr (std::is_same_v<ParamsT, cudaExternalSemaphoreSignalNodeParams>)
    return calls::externalSemaphoreParams(Params->extSemArray,
                                          Params->paramsArray, nullptr,
                                          Params->numExtSems, P);
  else
    return calls::externalSemaphoreParams(Params->extSemArray, nullptr,
                                          Params->paramsArray,
                                          Params->numExtSems, P);
}
template <class ParamsT>
cudaError_t addSemaphoreNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                    const cudaGraphNode_t *Deps, size_t Count,
                                    const ParamsT *Params) {
  NodeParams P;
  if (cudaError_t Status = semaphoreParams(Params, P))
    return fail(Status);
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}
template <class ParamsT>
cudaError_t setSemaphoreNode(cudaGraphNode_t Node,
                                    const ParamsT *Params) {
  NodeParams P;
  if (cudaError_t Status = semaphoreParams(Params, P))
    return fail(Status);
  return fail(calls::setNodeParams(Node, std::move(P)));
}
template <class ParamsT>
cudaError_t setExecSemaphoreNode(cudaGraphExec_t Exec,
                                        cudaGraphNode_t Node,
                                        const ParamsT *Params) {
  NodeParams P;
  if (cudaError_t Status = semaphoreParams(Params, P))
    return fail(Status);
  return fail(calls::setExecNodeParams(Exec, Node, P));
}

} // namespace

extern "C" {

//--- Stream capture ----------------------------------------------------------

cudaError_t cudaStreamBeginCapture(cudaStream_t Stream,
                                   cudaStreamCaptureMode Mode) {
  return withBackend([&](Backend &B) {
    return calls::beginCapture(B, Stream, nullptr, nullptr, 0, Mode);
  });
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t Stream,
                                          cudaGraph_t Graph,
                                          const cudaGraphNode_t *Deps,
                                          const cudaGraphEdgeData *,
                                          size_t Count,
                                          cudaStreamCaptureMode Mode) {
  if (!Graph)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return calls::beginCapture(B, Stream, Graph, Deps, Count, Mode);
  });
}

cudaError_t cudaStreamEndCapture(cudaStream_t Stream, cudaGraph_t *Graph) {
  return withBackend(
      [&](Backend &) { return calls::endCapture(Stream, Graph); });
}

cudaError_t cudaStreamIsCapturing(cudaStream_t Stream,
                                  cudaStreamCaptureStatus *Status) {
  return withBackend([&](Backend &) {
    return calls::captureInfo(Stream, Status, nullptr, nullptr, nullptr,
                              nullptr, nullptr);
  });
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t Stream,
                                     cudaStreamCaptureStatus *Status,
                                     unsigned long long *Id,
                                     cudaGraph_t *Graph,
                                     const cudaGraphNode_t **Deps,
                                     size_t *NumDeps) {
  return withBackend([&](Backend &) {
    return calls::captureInfo(Stream, Status, Id, Graph, Deps, nullptr,
                              NumDeps);
  });
}

cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t Stream,
                                        cudaStreamCaptureStatus *Status,
                                        unsigned long long *Id,
                                        cudaGraph_t *Graph,
                                        const cudaGraphNode_t **Deps,
                                        size_t *NumDeps) {
  return cudaStreamGetCaptureInfo(Stream, Status, Id, Graph, Deps, NumDeps);
}

cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t Stream,
                                        cudaStreamCaptureStatus *Status,
                                        unsigned long long *Id,
                                        cudaGraph_t *Graph,
                                        const cudaGraphNode_t **Deps,
                                        const cudaGraphEdgeData **EdgeData,
                                        size_t *NumDeps) {
  return withBackend([&](Backend &) {
    return calls::captureInfo(Stream, Status, Id, Graph, Deps, EdgeData,
                              NumDeps);
  });
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t Stream,
                                                cudaGraphNode_t *Deps,
                                                size_t Count, unsigned Flags) {
  return fail(calls::updateCaptureDependencies(Stream, Deps, Count, Flags));
}

cudaError_t cudaStreamUpdateCaptureDependencies_v2(
    cudaStream_t Stream, cudaGraphNode_t *Deps, const cudaGraphEdgeData *,
    size_t Count, unsigned Flags) {
  return fail(calls::updateCaptureDependencies(Stream, Deps, Count, Flags));
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *Mode) {
  return fail(calls::exchangeCaptureMode(Mode));
}

// The per-thread default stream forms (CUDA_API_PER_THREAD_DEFAULT_STREAM).
cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t Stream,
                                        cudaStreamCaptureMode Mode) {
  return cudaStreamBeginCapture(perThread(Stream), Mode);
}
cudaError_t cudaStreamBeginCaptureToGraph_ptsz(
    cudaStream_t Stream, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    const cudaGraphEdgeData *Data, size_t Count, cudaStreamCaptureMode Mode) {
  return cudaStreamBeginCaptureToGraph(perThread(Stream), Graph, Deps, Data,
                                       Count, Mode);
}
cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t Stream, cudaGraph_t *G) {
  return cudaStreamEndCapture(perThread(Stream), G);
}
cudaError_t cudaStreamIsCapturing_ptsz(cudaStream_t Stream,
                                       cudaStreamCaptureStatus *Status) {
  return cudaStreamIsCapturing(perThread(Stream), Status);
}
cudaError_t cudaStreamGetCaptureInfo_ptsz(cudaStream_t Stream,
                                          cudaStreamCaptureStatus *Status,
                                          unsigned long long *Id,
                                          cudaGraph_t *Graph,
                                          const cudaGraphNode_t **Deps,
                                          size_t *NumDeps) {
  return cudaStreamGetCaptureInfo(perThread(Stream), Status, Id, Graph, Deps,
                                  NumDeps);
}
cudaError_t cudaStreamGetCaptureInfo_v3_ptsz(
    cudaStream_t Stream, cudaStreamCaptureStatus *Status,
    unsigned long long *Id, cudaGraph_t *Graph, const cudaGraphNode_t **Deps,
    const cudaGraphEdgeData **EdgeData, size_t *NumDeps) {
  return cudaStreamGetCaptureInfo_v3(perThread(Stream), Status, Id, Graph,
                                     Deps, EdgeData, NumDeps);
}
cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t Stream,
                                                     cudaGraphNode_t *Deps,
                                                     size_t Count,
                                                     unsigned Flags) {
  return cudaStreamUpdateCaptureDependencies(perThread(Stream), Deps, Count,
                                             Flags);
}
cudaError_t cudaStreamUpdateCaptureDependencies_v2_ptsz(
    cudaStream_t Stream, cudaGraphNode_t *Deps, const cudaGraphEdgeData *Data,
    size_t Count, unsigned Flags) {
  return cudaStreamUpdateCaptureDependencies_v2(perThread(Stream), Deps, Data,
                                                Count, Flags);
}
cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t Exec, cudaStream_t Stream) {
  return cudaGraphLaunch(Exec, perThread(Stream));
}
cudaError_t cudaGraphUpload_ptsz(cudaGraphExec_t Exec, cudaStream_t Stream) {
  return cudaGraphUpload(Exec, perThread(Stream));
}

//--- Graphs ------------------------------------------------------------------

cudaError_t cudaGraphCreate(cudaGraph_t *Graph, unsigned Flags) {
  return fail(calls::graphCreate(Graph, Flags));
}
cudaError_t cudaGraphDestroy(cudaGraph_t Graph) {
  return fail(calls::graphDestroy(Graph));
}
cudaError_t cudaGraphClone(cudaGraph_t *Clone, cudaGraph_t Original) {
  return fail(calls::graphClone(Clone, Original));
}
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *Node,
                                     cudaGraphNode_t Original,
                                     cudaGraph_t Clone) {
  return fail(calls::nodeFindInClone(Node, Original, Clone));
}
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t Graph, const char *Path,
                                   unsigned Flags) {
  return fail(calls::debugDotPrint(Graph, Path, Flags));
}

cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                const cudaGraphNode_t *Deps,
                                const cudaGraphEdgeData *, size_t Count,
                                cudaGraphNodeParams *Params) {
  if (!Params)
    return fail(cudaErrorInvalidValue);
  if (Params->type == cudaGraphNodeTypeGraph)
    return fail(calls::addChildGraphNode(Node, Graph, Deps, Count,
                                         Params->graph.graph));
  if (Params->type == cudaGraphNodeTypeConditional)
    return fail(
        calls::addConditionalNode(Node, Graph, Deps, Count, Params->conditional));
  return withParams(
      [&](Backend &B, NodeParams &P) { return genericParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::addNode(Node, Graph, Deps, Count, std::move(P));
      });
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                             const cudaGraphNode_t *Deps, size_t Count,
                             cudaGraphNodeParams *Params) {
  return cudaGraphAddNode_v2(Node, Graph, Deps, nullptr, Count, Params);
}

cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t Node,
                                   cudaGraphNodeParams *Params) {
  if (!Params || Params->type == cudaGraphNodeTypeMemAlloc)
    return fail(cudaErrorInvalidValue);
  return withParams(
      [&](Backend &B, NodeParams &P) { return genericParams(B, Params, P); },
      [&](NodeParams P) { return calls::setNodeParams(Node, std::move(P)); });
}

cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t Exec,
                                       cudaGraphNode_t Node,
                                       cudaGraphNodeParams *Params) {
  if (!Params || Params->type == cudaGraphNodeTypeMemAlloc ||
      Params->type == cudaGraphNodeTypeConditional)
    return fail(cudaErrorInvalidValue);
  if (Params->type == cudaGraphNodeTypeGraph)
    return fail(
        calls::execChildGraphNodeSetParams(Exec, Node, Params->graph.graph));
  return withParams(
      [&](Backend &B, NodeParams &P) { return genericParams(B, Params, P); },
      [&](NodeParams P) { return calls::setExecNodeParams(Exec, Node, P); });
}

// Kernel nodes.
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t Count,
                                   const cudaKernelNodeParams *Params) {
  return withParams(
      [&](Backend &B, NodeParams &P) { return kernelParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::addNode(Node, Graph, Deps, Count, std::move(P));
      });
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t Node,
                                         cudaKernelNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeKernel, [&](NodeParams &P) {
    KernelCall &K = P.Kernel;
    Out->func = K.UserFunction;
    Out->gridDim = dim3(K.Grid.X, K.Grid.Y, K.Grid.Z);
    Out->blockDim = dim3(K.Block.X, K.Block.Y, K.Block.Z);
    Out->sharedMemBytes = K.SharedMem;
    Out->kernelParams = K.arguments();
    Out->extra = nullptr;
  });
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t Node,
                                         const cudaKernelNodeParams *Params) {
  return withParams(
      [&](Backend &B, NodeParams &P) { return kernelParams(B, Params, P); },
      [&](NodeParams P) { return calls::setNodeParams(Node, std::move(P)); });
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t Src,
                                              cudaGraphNode_t Dst) {
  return fail(calls::kernelNodeCopyAttributes(Src, Dst));
}
cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t Node,
                                            cudaKernelNodeAttrID Attribute,
                                            cudaKernelNodeAttrValue *Out) {
  return fail(calls::kernelNodeGetAttribute(Node, Attribute, Out));
}
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t Node,
                                            cudaKernelNodeAttrID Attribute,
                                            const cudaKernelNodeAttrValue *V) {
  return fail(calls::kernelNodeSetAttribute(Node, Attribute, V));
}

// Copy nodes.
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t Count,
                                   const cudaMemcpy3DParms *Params) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return fail(Status);
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                     const cudaGraphNode_t *Deps, size_t Count,
                                     void *Dst, const void *Src, size_t Bytes,
                                     cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C = calls::linearCopy(Dst, Src, Bytes, Kind);
  return cudaGraphAddMemcpyNode(Node, Graph, Deps, Count, &C);
}

cudaError_t cudaGraphAddMemcpyNodeToSymbol(
    cudaGraphNode_t *Node, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    size_t Count, const void *Symbol, const void *Src, size_t Bytes,
    size_t Offset, cudaMemcpyKind Kind) {
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return toSymbolParams(B, Symbol, Src, Bytes, Offset, Kind, P);
      },
      [&](NodeParams P) {
        return calls::addNode(Node, Graph, Deps, Count, std::move(P));
      });
}

cudaError_t cudaGraphAddMemcpyNodeFromSymbol(
    cudaGraphNode_t *Node, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    size_t Count, void *Dst, const void *Symbol, size_t Bytes, size_t Offset,
    cudaMemcpyKind Kind) {
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return fromSymbolParams(B, Dst, Symbol, Bytes, Offset, Kind, P);
      },
      [&](NodeParams P) {
        return calls::addNode(Node, Graph, Deps, Count, std::move(P));
      });
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t Node,
                                         cudaMemcpy3DParms *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemcpy,
                 [&](NodeParams &P) { *Out = P.Copy; });
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t Node,
                                         const cudaMemcpy3DParms *Params) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return fail(Status);
  return fail(calls::setNodeParams(Node, std::move(P)));
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t Node, void *Dst,
                                           const void *Src, size_t Bytes,
                                           cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C = calls::linearCopy(Dst, Src, Bytes, Kind);
  return cudaGraphMemcpyNodeSetParams(Node, &C);
}

cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t Node,
                                                 const void *Symbol,
                                                 const void *Src, size_t Bytes,
                                                 size_t Offset,
                                                 cudaMemcpyKind Kind) {
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return toSymbolParams(B, Symbol, Src, Bytes, Offset, Kind, P);
      },
      [&](NodeParams P) { return calls::setNodeParams(Node, std::move(P)); });
}

cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t Node,
                                                   void *Dst,
                                                   const void *Symbol,
                                                   size_t Bytes, size_t Offset,
                                                   cudaMemcpyKind Kind) {
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return fromSymbolParams(B, Dst, Symbol, Bytes, Offset, Kind, P);
      },
      [&](NodeParams P) { return calls::setNodeParams(Node, std::move(P)); });
}

// Memset and host nodes.
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t Count,
                                   const cudaMemsetParams *Params) {
  NodeParams P;
  if (cudaError_t Status = calls::memsetParams(Params, P))
    return fail(Status);
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t Node,
                                         cudaMemsetParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemset,
                 [&](NodeParams &P) { *Out = P.Memset; });
}
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t Node,
                                         const cudaMemsetParams *Params) {
  NodeParams P;
  if (cudaError_t Status = calls::memsetParams(Params, P))
    return fail(Status);
  return fail(calls::setNodeParams(Node, std::move(P)));
}
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                 const cudaGraphNode_t *Deps, size_t Count,
                                 const cudaHostNodeParams *Params) {
  NodeParams P;
  if (cudaError_t Status = calls::hostParams(Params, P))
    return fail(Status);
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t Node,
                                       cudaHostNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeHost,
                 [&](NodeParams &P) { *Out = P.Host; });
}
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t Node,
                                       const cudaHostNodeParams *Params) {
  NodeParams P;
  if (cudaError_t Status = calls::hostParams(Params, P))
    return fail(Status);
  return fail(calls::setNodeParams(Node, std::move(P)));
}

// Child graph, empty and event nodes.
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *Node,
                                       cudaGraph_t Graph,
                                       const cudaGraphNode_t *Deps,
                                       size_t Count, cudaGraph_t Child) {
  return fail(calls::addChildGraphNode(Node, Graph, Deps, Count, Child));
}
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t Node,
                                            cudaGraph_t *Out) {
  return fail(calls::childGraphNodeGetGraph(Node, Out));
}
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                  const cudaGraphNode_t *Deps, size_t Count) {
  NodeParams P;
  P.Type = cudaGraphNodeTypeEmpty;
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}

static cudaError_t addEventNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                const cudaGraphNode_t *Deps, size_t Count,
                                cudaEvent_t Event, cudaGraphNodeType Type) {
  NodeParams P;
  if (cudaError_t Status = calls::eventParams(Event, Type, P))
    return fail(Status);
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}
static cudaError_t eventOf(cudaGraphNode_t Node, cudaGraphNodeType Type,
                           cudaEvent_t *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, Type, [&](NodeParams &P) { *Out = P.Event; });
}
static cudaError_t setEventOf(cudaGraphNode_t Node, cudaGraphNodeType Type,
                              cudaEvent_t Event) {
  NodeParams P;
  if (cudaError_t Status = calls::eventParams(Event, Type, P))
    return fail(Status);
  return fail(calls::setNodeParams(Node, std::move(P)));
}
static cudaError_t setExecEvent(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                cudaEvent_t Event, cudaGraphNodeType Type) {
  NodeParams P;
  if (cudaError_t Status = calls::eventParams(Event, Type, P))
    return fail(Status);
  return fail(calls::setExecNodeParams(Exec, Node, P));
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *Node,
                                        cudaGraph_t Graph,
                                        const cudaGraphNode_t *Deps,
                                        size_t Count, cudaEvent_t Event) {
  return addEventNode(Node, Graph, Deps, Count, Event,
                      cudaGraphNodeTypeEventRecord);
}
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *Node,
                                      cudaGraph_t Graph,
                                      const cudaGraphNode_t *Deps,
                                      size_t Count, cudaEvent_t Event) {
  return addEventNode(Node, Graph, Deps, Count, Event,
                      cudaGraphNodeTypeWaitEvent);
}
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t Node,
                                             cudaEvent_t *Out) {
  return eventOf(Node, cudaGraphNodeTypeEventRecord, Out);
}
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t Node,
                                             cudaEvent_t Event) {
  return setEventOf(Node, cudaGraphNodeTypeEventRecord, Event);
}
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t Node,
                                           cudaEvent_t *Out) {
  return eventOf(Node, cudaGraphNodeTypeWaitEvent, Out);
}
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t Node,
                                           cudaEvent_t Event) {
  return setEventOf(Node, cudaGraphNodeTypeWaitEvent, Event);
}
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t Exec,
                                                 cudaGraphNode_t Node,
                                                 cudaEvent_t Event) {
  return setExecEvent(Exec, Node, Event, cudaGraphNodeTypeEventRecord);
}
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t Exec,
                                               cudaGraphNode_t Node,
                                               cudaEvent_t Event) {
  return setExecEvent(Exec, Node, Event, cudaGraphNodeTypeWaitEvent);
}

// External semaphore nodes.
cudaError_t cudaGraphAddExternalSemaphoresSignalNode(
    cudaGraphNode_t *Node, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    size_t Count, const cudaExternalSemaphoreSignalNodeParams *Params) {
  return addSemaphoreNode(Node, Graph, Deps, Count, Params);
}
cudaError_t cudaGraphAddExternalSemaphoresWaitNode(
    cudaGraphNode_t *Node, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    size_t Count, const cudaExternalSemaphoreWaitNodeParams *Params) {
  return addSemaphoreNode(Node, Graph, Deps, Count, Params);
}
// The arrays given back are the node's own, valid until it changes.
cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(
    cudaGraphNode_t Node, cudaExternalSemaphoreSignalNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeExtSemaphoreSignal,
                 [&](NodeParams &P) {
                   *Out = {P.Semaphores.data(), P.SignalParams.data(),
                           unsigned(P.Semaphores.size())};
                 });
}
cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(
    cudaGraphNode_t Node, cudaExternalSemaphoreWaitNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeExtSemaphoreWait, [&](NodeParams &P) {
    *Out = {P.Semaphores.data(), P.WaitParams.data(),
            unsigned(P.Semaphores.size())};
  });
}
cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(
    cudaGraphNode_t Node, const cudaExternalSemaphoreSignalNodeParams *Params) {
  return setSemaphoreNode(Node, Params);
}
cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(
    cudaGraphNode_t Node, const cudaExternalSemaphoreWaitNodeParams *Params) {
  return setSemaphoreNode(Node, Params);
}
cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(
    cudaGraphExec_t Exec, cudaGraphNode_t Node,
    const cudaExternalSemaphoreSignalNodeParams *Params) {
  return setExecSemaphoreNode(Exec, Node, Params);
}
cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(
    cudaGraphExec_t Exec, cudaGraphNode_t Node,
    const cudaExternalSemaphoreWaitNodeParams *Params) {
  return setExecSemaphoreNode(Exec, Node, Params);
}

// Memory nodes.
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                     const cudaGraphNode_t *Deps, size_t Count,
                                     cudaMemAllocNodeParams *Params) {
  if (!Node)
    return fail(cudaErrorInvalidValue);
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return calls::allocParams(B, Params, P);
      },
      [&](NodeParams P) {
        return calls::addNode(Node, Graph, Deps, Count, std::move(P));
      });
}
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t Node,
                                           cudaMemAllocNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemAlloc,
                 [&](NodeParams &P) { *Out = P.Alloc; });
}
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                    const cudaGraphNode_t *Deps, size_t Count,
                                    void *Pointer) {
  NodeParams P;
  if (cudaError_t Status = calls::freeParams(Pointer, P))
    return fail(Status);
  return fail(calls::addNode(Node, Graph, Deps, Count, std::move(P)));
}
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t Node, void *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemFree, [&](NodeParams &P) {
    *static_cast<void **>(Out) = P.FreePointer;
  });
}
cudaError_t cudaDeviceGraphMemTrim(int Device) {
  return withBackend(
      [&](Backend &B) { return calls::graphMemTrim(B, Device); });
}
cudaError_t cudaDeviceGetGraphMemAttribute(int Device,
                                           cudaGraphMemAttributeType Attribute,
                                           void *Value) {
  return withBackend([&](Backend &B) {
    return calls::getGraphMemAttribute(B, Device, Attribute, Value);
  });
}
cudaError_t cudaDeviceSetGraphMemAttribute(int Device,
                                           cudaGraphMemAttributeType Attribute,
                                           void *Value) {
  return withBackend([&](Backend &B) {
    return calls::setGraphMemAttribute(B, Device, Attribute, Value);
  });
}
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *Out,
                                             cudaGraph_t Graph,
                                             unsigned DefaultValue,
                                             unsigned Flags) {
  return withBackend([&](Backend &B) {
    return calls::conditionalHandleCreate(B, Out, Graph, DefaultValue, Flags);
  });
}

// Nodes and edges.
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t Node, cudaGraphNodeType *Out) {
  return fail(calls::nodeGetType(Node, Out));
}
cudaError_t cudaGraphGetNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                              size_t *Count) {
  return fail(calls::getNodes(Graph, Nodes, Count));
}
cudaError_t cudaGraphGetRootNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                                  size_t *Count) {
  return fail(calls::getRootNodes(Graph, Nodes, Count));
}
cudaError_t cudaGraphGetEdges(cudaGraph_t Graph, cudaGraphNode_t *From,
                              cudaGraphNode_t *To, size_t *Count) {
  return fail(calls::getEdges(Graph, From, To, nullptr, Count));
}
cudaError_t cudaGraphGetEdges_v2(cudaGraph_t Graph, cudaGraphNode_t *From,
                                 cudaGraphNode_t *To, cudaGraphEdgeData *Data,
                                 size_t *Count) {
  return fail(calls::getEdges(Graph, From, To, Data, Count));
}
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t Node,
                                         cudaGraphNode_t *Out, size_t *Count) {
  return fail(calls::nodeGetDependencies(Node, Out, nullptr, Count));
}
cudaError_t cudaGraphNodeGetDependencies_v2(cudaGraphNode_t Node,
                                            cudaGraphNode_t *Out,
                                            cudaGraphEdgeData *Data,
                                            size_t *Count) {
  return fail(calls::nodeGetDependencies(Node, Out, Data, Count));
}
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t Node,
                                           cudaGraphNode_t *Out,
                                           size_t *Count) {
  return fail(calls::nodeGetDependentNodes(Node, Out, nullptr, Count));
}
cudaError_t cudaGraphNodeGetDependentNodes_v2(cudaGraphNode_t Node,
                                              cudaGraphNode_t *Out,
                                              cudaGraphEdgeData *Data,
                                              size_t *Count) {
  return fail(calls::nodeGetDependentNodes(Node, Out, Data, Count));
}
cudaError_t cudaGraphAddDependencies(cudaGraph_t Graph,
                                     const cudaGraphNode_t *From,
                                     const cudaGraphNode_t *To, size_t Count) {
  return fail(calls::changeDependencies(Graph, From, To, Count, true));
}
cudaError_t cudaGraphAddDependencies_v2(cudaGraph_t Graph,
                                        const cudaGraphNode_t *From,
                                        const cudaGraphNode_t *To,
                                        const cudaGraphEdgeData *,
                                        size_t Count) {
  return fail(calls::changeDependencies(Graph, From, To, Count, true));
}
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t Graph,
                                        const cudaGraphNode_t *From,
                                        const cudaGraphNode_t *To,
                                        size_t Count) {
  return fail(calls::changeDependencies(Graph, From, To, Count, false));
}
cudaError_t cudaGraphRemoveDependencies_v2(cudaGraph_t Graph,
                                           const cudaGraphNode_t *From,
                                           const cudaGraphNode_t *To,
                                           const cudaGraphEdgeData *,
                                           size_t Count) {
  return fail(calls::changeDependencies(Graph, From, To, Count, false));
}
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t Node) {
  return fail(calls::destroyNode(Node));
}

// Executable graphs.
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *Exec, cudaGraph_t Graph,
                                 unsigned long long Flags) {
  return fail(calls::instantiate(Exec, Graph, Flags, nullptr));
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *Exec,
                                          cudaGraph_t Graph,
                                          unsigned long long Flags) {
  return fail(calls::instantiate(Exec, Graph, Flags, nullptr));
}
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *Exec,
                                           cudaGraph_t Graph,
                                           cudaGraphInstantiateParams *Params) {
  if (!Params)
    return fail(cudaErrorInvalidValue);
  return fail(calls::instantiate(Exec, Graph, Params->flags, Params));
}
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t Exec,
                                  unsigned long long *Flags) {
  return fail(calls::execGetFlags(Exec, Flags));
}
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t Exec,
                                             cudaGraphNode_t Node,
                                             const cudaKernelNodeParams *Params) {
  return withParams(
      [&](Backend &B, NodeParams &P) { return kernelParams(B, Params, P); },
      [&](NodeParams P) { return calls::setExecNodeParams(Exec, Node, P); });
}
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t Exec,
                                             cudaGraphNode_t Node,
                                             const cudaMemcpy3DParms *Params) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return fail(Status);
  return fail(calls::setExecNodeParams(Exec, Node, P));
}
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t Exec,
                                               cudaGraphNode_t Node, void *Dst,
                                               const void *Src, size_t Bytes,
                                               cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C = calls::linearCopy(Dst, Src, Bytes, Kind);
  return cudaGraphExecMemcpyNodeSetParams(Exec, Node, &C);
}
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(
    cudaGraphExec_t Exec, cudaGraphNode_t Node, const void *Symbol,
    const void *Src, size_t Bytes, size_t Offset, cudaMemcpyKind Kind) {
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return toSymbolParams(B, Symbol, Src, Bytes, Offset, Kind, P);
      },
      [&](NodeParams P) { return calls::setExecNodeParams(Exec, Node, P); });
}
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(
    cudaGraphExec_t Exec, cudaGraphNode_t Node, void *Dst, const void *Symbol,
    size_t Bytes, size_t Offset, cudaMemcpyKind Kind) {
  return withParams(
      [&](Backend &B, NodeParams &P) {
        return fromSymbolParams(B, Dst, Symbol, Bytes, Offset, Kind, P);
      },
      [&](NodeParams P) { return calls::setExecNodeParams(Exec, Node, P); });
}
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t Exec,
                                             cudaGraphNode_t Node,
                                             const cudaMemsetParams *Params) {
  NodeParams P;
  if (cudaError_t Status = calls::memsetParams(Params, P))
    return fail(Status);
  return fail(calls::setExecNodeParams(Exec, Node, P));
}
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t Exec,
                                           cudaGraphNode_t Node,
                                           const cudaHostNodeParams *Params) {
  NodeParams P;
  if (cudaError_t Status = calls::hostParams(Params, P))
    return fail(Status);
  return fail(calls::setExecNodeParams(Exec, Node, P));
}
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t Exec,
                                                 cudaGraphNode_t Node,
                                                 cudaGraph_t Child) {
  return fail(calls::execChildGraphNodeSetParams(Exec, Node, Child));
}
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                    unsigned Enabled) {
  return fail(calls::nodeSetEnabled(Exec, Node, Enabled));
}
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                    unsigned *Enabled) {
  return fail(calls::nodeGetEnabled(Exec, Node, Enabled));
}
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t Exec, cudaGraph_t Graph,
                                cudaGraphExecUpdateResultInfo *Info) {
  return fail(calls::execUpdate(Exec, Graph, Info));
}
cudaError_t cudaGraphUpload(cudaGraphExec_t Exec, cudaStream_t) {
  return fail(calls::upload(Exec));
}
cudaError_t cudaGraphLaunch(cudaGraphExec_t Exec, cudaStream_t Stream) {
  return withBackend(
      [&](Backend &B) { return calls::launch(B, Exec, Stream); });
}
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t Exec) {
  return fail(calls::execDestroy(Exec));
}

// User objects.
cudaError_t cudaUserObjectCreate(cudaUserObject_t *Out, void *Pointer,
                                 cudaHostFn_t Destroy, unsigned Count,
                                 unsigned Flags) {
  return fail(calls::userObjectCreate(Out, Pointer, Destroy, Count, Flags));
}
cudaError_t cudaUserObjectRetain(cudaUserObject_t Object, unsigned Count) {
  return fail(calls::userObjectRetain(Object, Count));
}
cudaError_t cudaUserObjectRelease(cudaUserObject_t Object, unsigned Count) {
  return fail(calls::userObjectRelease(Object, Count));
}
cudaError_t cudaGraphRetainUserObject(cudaGraph_t Graph,
                                      cudaUserObject_t Object, unsigned Count,
                                      unsigned Flags) {
  return fail(calls::graphRetainUserObject(Graph, Object, Count, Flags));
}
cudaError_t cudaGraphReleaseUserObject(cudaGraph_t Graph,
                                       cudaUserObject_t Object,
                                       unsigned Count) {
  return fail(calls::graphReleaseUserObject(Graph, Object, Count));
}

} // extern "C"
