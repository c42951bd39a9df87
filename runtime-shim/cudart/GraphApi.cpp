//===- GraphApi.cpp - Graphs and stream capture: the cuda* functions ------===//
//
// Part of Rubicon. The runtime API of CUDA graphs and stream capture over
// the object model of runtime-shim/graphs (docs/graphs.md): argument checks,
// translation of CUDA's parameter structs, error recording.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "Runtime.h"
#include "graphs/Capture.h"
#include "graphs/Executor.h"

#include <cstdio>
#include <cstring>

using namespace rubicon::cudart;
using namespace rubicon::graphs;

namespace {

Runtime &runtime() { return Runtime::instance(); }
cudaError_t fail(cudaError_t Status) { return runtime().record(Status); }

template <class CallT> cudaError_t withBackend(CallT &&Call) {
  Backend *B = nullptr;
  if (cudaError_t Status = runtime().acquire(B))
    return fail(Status);
  return runtime().record(Call(*B));
}

/// Dependencies given as (array, count).
bool dependencies(const cudaGraphNode_t *Array, size_t Count,
                  std::vector<Node *> &Out) {
  if (Count && !Array)
    return false;
  Out.clear();
  for (size_t I = 0; I < Count; ++I) {
    if (!isLive(fromHandle(Array[I])))
      return false;
    Out.push_back(fromHandle(Array[I]));
  }
  return true;
}

Graph *liveGraph(cudaGraph_t G) {
  Graph *P = fromHandle(G);
  return isLive(P) ? P : nullptr;
}
Node *liveNode(cudaGraphNode_t N) {
  Node *P = fromHandle(N);
  return isLive(P) ? P : nullptr;
}
ExecGraph *liveExec(cudaGraphExec_t E) {
  ExecGraph *P = fromHandle(E);
  return isLive(P) ? P : nullptr;
}

/// A node of Params.Type added to Graph after the given dependencies.
cudaError_t add(cudaGraphNode_t *Out, cudaGraph_t GraphHandle,
                const cudaGraphNode_t *Deps, size_t Count, NodeParams Params) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(GraphHandle);
  std::vector<Node *> DepNodes;
  if (!Out || !G || !dependencies(Deps, Count, DepNodes))
    return cudaErrorInvalidValue;
  Node *N = nullptr;
  if (cudaError_t Status = addNode(G, DepNodes, std::move(Params), N))
    return Status;
  *Out = toHandle(N);
  return cudaSuccess;
}

cudaError_t kernelParams(Backend &B, const void *Function, dim3 Grid,
                         dim3 Block, unsigned Shared, void **Args, void **Extra,
                         NodeParams &P) {
  if (!Function)
    return cudaErrorInvalidDeviceFunction;
  if (!runtime().findKernel(Function))
    return cudaErrorInvalidDeviceFunction;
  if (Extra && !Args)
    return cudaErrorInvalidValue;
  P.Type = cudaGraphNodeTypeKernel;
  P.Kernel.Function = Function;
  P.Kernel.UserFunction = const_cast<void *>(Function);
  P.Kernel.Grid = {Grid.x, Grid.y, Grid.z};
  P.Kernel.Block = {Block.x, Block.y, Block.z};
  P.Kernel.SharedMem = Shared;
  if (Grid.x == 0 || Grid.y == 0 || Grid.z == 0 || Block.x == 0 ||
      Block.y == 0 || Block.z == 0)
    return cudaErrorInvalidConfiguration;
  return P.Kernel.setArguments(B, Args);
}

cudaError_t kernelParams(Backend &B, const cudaKernelNodeParams *K,
                         NodeParams &P) {
  if (!K)
    return cudaErrorInvalidValue;
  return kernelParams(B, K->func, K->gridDim, K->blockDim, K->sharedMemBytes,
                      K->kernelParams, K->extra, P);
}

cudaError_t copyParams(const cudaMemcpy3DParms *C, NodeParams &P) {
  if (!C)
    return cudaErrorInvalidValue;
  if (C->srcArray || C->dstArray)
    return cudaErrorNotSupported;
  if (!C->srcPtr.ptr || !C->dstPtr.ptr || C->kind < cudaMemcpyHostToHost ||
      C->kind > cudaMemcpyDefault)
    return cudaErrorInvalidValue;
  size_t Height = C->extent.height ? C->extent.height : 1;
  if (Height > 1 || C->extent.depth > 1)
    if (C->srcPtr.pitch < C->extent.width || C->dstPtr.pitch < C->extent.width)
      return cudaErrorInvalidPitchValue;
  P.Type = cudaGraphNodeTypeMemcpy;
  P.Copy = *C;
  return cudaSuccess;
}

cudaMemcpy3DParms linearCopy(void *Dst, const void *Src, size_t Count,
                             cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C{};
  C.srcPtr = {const_cast<void *>(Src), Count, Count, 1};
  C.dstPtr = {Dst, Count, Count, 1};
  C.extent = {Count, 1, 1};
  C.kind = Kind;
  return C;
}

cudaError_t symbolAddress(Backend &B, const void *Symbol, size_t Offset,
                          size_t Count, char *&Address) {
  std::optional<VariableRecord> Variable = runtime().findVariable(Symbol);
  if (!Variable)
    return cudaErrorInvalidSymbol;
  if (Offset > Variable->Size || Count > Variable->Size - Offset)
    return cudaErrorInvalidValue;
  void *Base = nullptr;
  if (cudaError_t Status = B.symbolAddress(&Base, Variable->HostVar))
    return Status;
  Address = static_cast<char *>(Base) + Offset;
  return cudaSuccess;
}

cudaError_t toSymbolParams(Backend &B, const void *Symbol, const void *Src,
                           size_t Count, size_t Offset, cudaMemcpyKind Kind,
                           NodeParams &P) {
  if (Kind != cudaMemcpyHostToDevice && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  char *Dst = nullptr;
  if (cudaError_t Status = symbolAddress(B, Symbol, Offset, Count, Dst))
    return Status;
  cudaMemcpy3DParms C = linearCopy(Dst, Src, Count, Kind);
  return copyParams(&C, P);
}

cudaError_t fromSymbolParams(Backend &B, void *Dst, const void *Symbol,
                             size_t Count, size_t Offset, cudaMemcpyKind Kind,
                             NodeParams &P) {
  if (Kind != cudaMemcpyDeviceToHost && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return cudaErrorInvalidMemcpyDirection;
  char *Src = nullptr;
  if (cudaError_t Status = symbolAddress(B, Symbol, Offset, Count, Src))
    return Status;
  cudaMemcpy3DParms C = linearCopy(Dst, Src, Count, Kind);
  return copyParams(&C, P);
}

cudaError_t memsetParams(const cudaMemsetParams *M, NodeParams &P) {
  if (!M || !M->dst)
    return cudaErrorInvalidValue;
  if (M->elementSize != 1 && M->elementSize != 2 && M->elementSize != 4)
    return cudaErrorInvalidValue;
  if (M->height > 1 && M->pitch < M->width * M->elementSize)
    return cudaErrorInvalidValue;
  P.Type = cudaGraphNodeTypeMemset;
  P.Memset = *M;
  return cudaSuccess;
}

cudaError_t hostParams(const cudaHostNodeParams *H, NodeParams &P) {
  if (!H || !H->fn)
    return cudaErrorInvalidValue;
  P.Type = cudaGraphNodeTypeHost;
  P.Host = *H;
  return cudaSuccess;
}

cudaError_t allocParams(Backend &B, cudaMemAllocNodeParams *A, NodeParams &P) {
  if (!A || A->bytesize == 0 ||
      A->poolProps.allocType != cudaMemAllocationTypePinned ||
      A->poolProps.location.type != cudaMemLocationTypeDevice)
    return cudaErrorInvalidValue;
  auto Allocation = std::make_shared<GraphAllocation>();
  if (cudaError_t Status = B.malloc(&Allocation->Pointer, A->bytesize))
    return Status;
  Allocation->Owner = &B;
  Allocation->Size = A->bytesize;
  noteGraphAllocation(*Allocation, true, false);
  P.Type = cudaGraphNodeTypeMemAlloc;
  A->dptr = Allocation->Pointer;
  P.Alloc = *A;
  P.Alloc.accessDescs = nullptr;
  P.Alloc.accessDescCount = 0;
  P.Allocation = std::move(Allocation);
  return cudaSuccess;
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
    cudaMemsetParams M{G->memset.dst,   G->memset.pitch, G->memset.value,
                       G->memset.elementSize, G->memset.width,
                       G->memset.height};
    return memsetParams(&M, P);
  }
  case cudaGraphNodeTypeHost: {
    cudaHostNodeParams H{G->host.fn, G->host.userData};
    return hostParams(&H, P);
  }
  case cudaGraphNodeTypeEmpty:
    P.Type = cudaGraphNodeTypeEmpty;
    return cudaSuccess;
  case cudaGraphNodeTypeWaitEvent:
  case cudaGraphNodeTypeEventRecord:
    if (!G->eventWait.event)
      return cudaErrorInvalidValue;
    P.Type = G->type;
    P.Event = G->eventWait.event;
    return cudaSuccess;
  case cudaGraphNodeTypeMemAlloc: {
    cudaMemAllocNodeParams A{G->alloc.poolProps, G->alloc.accessDescs,
                             G->alloc.accessDescCount, G->alloc.bytesize,
                             nullptr};
    cudaError_t Status = allocParams(B, &A, P);
    G->alloc.dptr = A.dptr;
    return Status;
  }
  case cudaGraphNodeTypeMemFree:
    if (!G->free.dptr)
      return cudaErrorInvalidValue;
    P.Type = cudaGraphNodeTypeMemFree;
    P.FreePointer = G->free.dptr;
    return cudaSuccess;
  default:
    return cudaErrorInvalidValue;
  }
}

/// Sets a node's parameters in its graph, keeping its type.
template <class MakeT>
cudaError_t setNode(cudaGraphNode_t Handle, cudaGraphNodeType Type,
                    MakeT &&Make) {
  return withBackend([&](Backend &B) {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    Node *N = liveNode(Handle);
    if (!N || N->Params.Type != Type)
      return cudaErrorInvalidValue;
    NodeParams P;
    if (cudaError_t Status = Make(B, P))
      return Status;
    P.Kernel.Attributes = N->Params.Kernel.Attributes;
    N->Params = std::move(P);
    return cudaSuccess;
  });
}

/// Sets a node's parameters in an executable graph.
template <class MakeT>
cudaError_t setExecNode(cudaGraphExec_t ExecHandle, cudaGraphNode_t Handle,
                        MakeT &&Make) {
  return withBackend([&](Backend &B) {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    ExecGraph *E = liveExec(ExecHandle);
    Node *N = fromHandle(Handle);
    if (!E || !Handle)
      return cudaErrorInvalidValue;
    NodeParams P;
    if (cudaError_t Status = Make(B, P))
      return Status;
    return setExecNodeParams(*E, N, P, nullptr);
  });
}

template <class GetT>
cudaError_t getNode(cudaGraphNode_t Handle, cudaGraphNodeType Type,
                    GetT &&Get) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Node *N = liveNode(Handle);
  if (!N || N->Params.Type != Type)
    return fail(cudaErrorInvalidValue);
  return fail(Get(*N));
}

void edgeDataZero(cudaGraphEdgeData *Data, size_t Count) {
  if (Data)
    std::memset(Data, 0, Count * sizeof *Data);
}

cudaError_t listEdges(cudaGraph_t GraphHandle, cudaGraphNode_t *From,
                      cudaGraphNode_t *To, cudaGraphEdgeData *Data,
                      size_t *Count) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(GraphHandle);
  if (!G || !Count || (From == nullptr) != (To == nullptr))
    return fail(cudaErrorInvalidValue);
  size_t N = 0;
  for (const auto &Src : G->Nodes)
    for (Node *Dst : Src->Dependents) {
      if (From && N < *Count) {
        From[N] = toHandle(Src.get());
        To[N] = toHandle(Dst);
        edgeDataZero(Data ? Data + N : nullptr, 1);
      }
      ++N;
    }
  if (!From)
    *Count = N;
  else if (N < *Count) {
    for (size_t I = N; I < *Count; ++I)
      From[I] = To[I] = nullptr;
    *Count = N;
  }
  return cudaSuccess;
}

cudaError_t listNodes(const std::vector<Node *> &List, cudaGraphNode_t *Out,
                      cudaGraphEdgeData *Data, size_t *Count) {
  if (!Count)
    return fail(cudaErrorInvalidValue);
  if (!Out) {
    *Count = List.size();
    return cudaSuccess;
  }
  for (size_t I = 0; I < *Count; ++I)
    Out[I] = I < List.size() ? toHandle(List[I]) : nullptr;
  edgeDataZero(Data, std::min(*Count, List.size()));
  *Count = std::min(*Count, List.size());
  return cudaSuccess;
}

cudaError_t changeEdges(cudaGraph_t GraphHandle, const cudaGraphNode_t *From,
                        const cudaGraphNode_t *To, size_t Count, bool Add) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(GraphHandle);
  if (!G || (Count && (!From || !To)))
    return fail(cudaErrorInvalidValue);
  for (size_t I = 0; I < Count; ++I) {
    Node *A = liveNode(From[I]), *B = liveNode(To[I]);
    if (!A || !B || A->Owner != G || B->Owner != G)
      return fail(cudaErrorInvalidValue);
  }
  for (size_t I = 0; I < Count; ++I) {
    cudaError_t Status = Add ? addEdge(fromHandle(From[I]), fromHandle(To[I]))
                             : removeEdge(fromHandle(From[I]), fromHandle(To[I]));
    if (Status)
      return fail(Status);
  }
  return cudaSuccess;
}

cudaError_t instantiateWith(cudaGraphExec_t *Out, cudaGraph_t GraphHandle,
                            unsigned long long Flags,
                            cudaGraphInstantiateParams *Params) {
  const unsigned long long Known =
      cudaGraphInstantiateFlagAutoFreeOnLaunch |
      cudaGraphInstantiateFlagUpload | cudaGraphInstantiateFlagDeviceLaunch |
      cudaGraphInstantiateFlagUseNodePriority;
  Graph *G = liveGraph(GraphHandle);
  if (!Out || !G || (Flags & ~Known)) {
    if (Params)
      Params->result_out = cudaGraphInstantiateError;
    return fail(cudaErrorInvalidValue);
  }
  return withBackend([&](Backend &B) {
    ExecGraph *E = nullptr;
    const Node *ErrorNode = nullptr;
    cudaGraphInstantiateResult Result = cudaGraphInstantiateSuccess;
    cudaError_t Status = instantiate(*G, Flags, E, ErrorNode, Result);
    if (Params) {
      Params->result_out = Result;
      Params->errNode_out = toHandle(const_cast<Node *>(ErrorNode));
    }
    if (Status)
      return Status;
    *Out = toHandle(E);
    if (Flags & cudaGraphInstantiateFlagUpload && Params)
      (void)Params->uploadStream; // Nothing to upload: see docs/graphs.md.
    (void)B;
    return cudaSuccess;
  });
}

cudaError_t launchGraph(cudaGraphExec_t ExecHandle, cudaStream_t Stream) {
  return withBackend([&](Backend &B) -> cudaError_t {
    ExecGraph *E = liveExec(ExecHandle);
    if (!E)
      return cudaErrorInvalidValue;
    if (capture::capturing(Stream)) {
      std::lock_guard<std::recursive_mutex> Lock(graphMutex());
      return *capture::node(Stream, NodeParams{}, E->Source.get());
    }
    if (auto Status = capture::legacyStreamUse(Stream))
      return *Status;
    return launch(*E, B, Stream);
  });
}

cudaError_t captureInfo(cudaStream_t Stream,
                        cudaStreamCaptureStatus *StatusOut,
                        unsigned long long *Id, cudaGraph_t *GraphOut,
                        const cudaGraphNode_t **Deps,
                        const cudaGraphEdgeData **EdgeData, size_t *NumDeps) {
  if (!StatusOut)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &) -> cudaError_t {
    Graph *G = nullptr;
    const std::vector<Node *> *Frontier = nullptr;
    if (cudaError_t Status =
            capture::info(Stream, *StatusOut, Id, &G, &Frontier))
      return Status;
    if (*StatusOut == cudaStreamCaptureStatusNone)
      return cudaSuccess;
    if (GraphOut)
      *GraphOut = toHandle(G);
    static_assert(sizeof(Node *) == sizeof(cudaGraphNode_t));
    if (Deps)
      *Deps = reinterpret_cast<const cudaGraphNode_t *>(Frontier->data());
    if (EdgeData) {
      // Every captured edge is a default edge: CUDA reports null then.
      *EdgeData = nullptr;
    }
    if (NumDeps)
      *NumDeps = Frontier->size();
    return cudaSuccess;
  });
}

cudaError_t updateCaptureDependencies(cudaStream_t Stream,
                                      cudaGraphNode_t *Deps, size_t Count,
                                      unsigned Flags) {
  if (Flags > cudaStreamSetCaptureDependencies)
    return fail(cudaErrorInvalidValue);
  std::vector<Node *> Nodes;
  if (Count && !Deps)
    return fail(cudaErrorInvalidValue);
  for (size_t I = 0; I < Count; ++I)
    Nodes.push_back(fromHandle(Deps[I]));
  return fail(capture::updateDependencies(
      Stream, Nodes, Flags == cudaStreamSetCaptureDependencies));
}

cudaError_t beginCapture(cudaStream_t Stream, cudaGraph_t Into,
                         const cudaGraphNode_t *Deps, size_t Count,
                         cudaStreamCaptureMode Mode) {
  return withBackend([&](Backend &B) -> cudaError_t {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    Graph *G = nullptr;
    if (Into && !(G = liveGraph(Into)))
      return cudaErrorInvalidValue;
    std::vector<Node *> Nodes;
    if (!dependencies(Deps, Count, Nodes))
      return cudaErrorInvalidValue;
    for (Node *N : Nodes)
      if (N->Owner != G)
        return cudaErrorInvalidValue;
    return capture::begin(B, Stream, Mode, G, Nodes);
  });
}

} // namespace

extern "C" {

//--- Stream capture ----------------------------------------------------------

cudaError_t cudaStreamBeginCapture(cudaStream_t Stream,
                                   cudaStreamCaptureMode Mode) {
  return beginCapture(Stream, nullptr, nullptr, 0, Mode);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t Stream,
                                          cudaGraph_t Graph,
                                          const cudaGraphNode_t *Deps,
                                          const cudaGraphEdgeData *,
                                          size_t Count,
                                          cudaStreamCaptureMode Mode) {
  if (!Graph)
    return fail(cudaErrorInvalidValue);
  return beginCapture(Stream, Graph, Deps, Count, Mode);
}

cudaError_t cudaStreamEndCapture(cudaStream_t Stream, cudaGraph_t *PGraph) {
  if (!PGraph)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &) -> cudaError_t {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    rubicon::graphs::Graph *G = nullptr;
    cudaError_t Status = capture::end(Stream, G);
    *PGraph = G ? toHandle(G) : nullptr;
    return Status;
  });
}

cudaError_t cudaStreamIsCapturing(cudaStream_t Stream,
                                  cudaStreamCaptureStatus *Status) {
  return captureInfo(Stream, Status, nullptr, nullptr, nullptr, nullptr,
                     nullptr);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t Stream,
                                     cudaStreamCaptureStatus *Status,
                                     unsigned long long *Id,
                                     cudaGraph_t *Graph,
                                     const cudaGraphNode_t **Deps,
                                     size_t *NumDeps) {
  return captureInfo(Stream, Status, Id, Graph, Deps, nullptr, NumDeps);
}

cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t Stream,
                                        cudaStreamCaptureStatus *Status,
                                        unsigned long long *Id,
                                        cudaGraph_t *Graph,
                                        const cudaGraphNode_t **Deps,
                                        size_t *NumDeps) {
  return captureInfo(Stream, Status, Id, Graph, Deps, nullptr, NumDeps);
}

cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t Stream,
                                        cudaStreamCaptureStatus *Status,
                                        unsigned long long *Id,
                                        cudaGraph_t *Graph,
                                        const cudaGraphNode_t **Deps,
                                        const cudaGraphEdgeData **EdgeData,
                                        size_t *NumDeps) {
  return captureInfo(Stream, Status, Id, Graph, Deps, EdgeData, NumDeps);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t Stream,
                                                cudaGraphNode_t *Deps,
                                                size_t Count, unsigned Flags) {
  return updateCaptureDependencies(Stream, Deps, Count, Flags);
}

cudaError_t cudaStreamUpdateCaptureDependencies_v2(
    cudaStream_t Stream, cudaGraphNode_t *Deps, const cudaGraphEdgeData *,
    size_t Count, unsigned Flags) {
  return updateCaptureDependencies(Stream, Deps, Count, Flags);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *Mode) {
  if (!Mode || *Mode < cudaStreamCaptureModeGlobal ||
      *Mode > cudaStreamCaptureModeRelaxed)
    return fail(cudaErrorInvalidValue);
  *Mode = capture::exchangeMode(*Mode);
  return cudaSuccess;
}

// The per-thread default stream forms (CUDA_API_PER_THREAD_DEFAULT_STREAM).
static cudaStream_t perThread(cudaStream_t Stream) {
  return Stream ? Stream : cudaStreamPerThread;
}
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
  return captureInfo(perThread(Stream), Status, Id, Graph, Deps, nullptr,
                     NumDeps);
}
cudaError_t cudaStreamGetCaptureInfo_v3_ptsz(
    cudaStream_t Stream, cudaStreamCaptureStatus *Status,
    unsigned long long *Id, cudaGraph_t *Graph, const cudaGraphNode_t **Deps,
    const cudaGraphEdgeData **EdgeData, size_t *NumDeps) {
  return captureInfo(perThread(Stream), Status, Id, Graph, Deps, EdgeData,
                     NumDeps);
}
cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t Stream,
                                                     cudaGraphNode_t *Deps,
                                                     size_t Count,
                                                     unsigned Flags) {
  return updateCaptureDependencies(perThread(Stream), Deps, Count, Flags);
}
cudaError_t cudaStreamUpdateCaptureDependencies_v2_ptsz(
    cudaStream_t Stream, cudaGraphNode_t *Deps, const cudaGraphEdgeData *,
    size_t Count, unsigned Flags) {
  return updateCaptureDependencies(perThread(Stream), Deps, Count, Flags);
}
cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t Exec, cudaStream_t Stream) {
  return launchGraph(Exec, perThread(Stream));
}
cudaError_t cudaGraphUpload_ptsz(cudaGraphExec_t Exec, cudaStream_t Stream) {
  return cudaGraphUpload(Exec, perThread(Stream));
}

//--- Graphs ------------------------------------------------------------------

cudaError_t cudaGraphCreate(cudaGraph_t *PGraph, unsigned Flags) {
  if (!PGraph || Flags)
    return fail(cudaErrorInvalidValue);
  *PGraph = toHandle(createGraph());
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t Handle) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(Handle);
  if (!G || G->Parent)
    return fail(cudaErrorInvalidValue);
  destroyGraph(G);
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *PClone, cudaGraph_t Original) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(Original);
  if (!PClone || !G)
    return fail(cudaErrorInvalidValue);
  *PClone = toHandle(cloneGraph(G));
  return cudaSuccess;
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *PNode,
                                     cudaGraphNode_t Original,
                                     cudaGraph_t Clone) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(Clone);
  if (!PNode || !G || !Original)
    return fail(cudaErrorInvalidValue);
  Node *N = findInClone(G, fromHandle(Original));
  if (!N)
    return fail(cudaErrorInvalidValue);
  *PNode = toHandle(N);
  return cudaSuccess;
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t Handle, const char *Path,
                                   unsigned Flags) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *G = liveGraph(Handle);
  if (!G || !Path)
    return fail(cudaErrorInvalidValue);
  std::FILE *File = std::fopen(Path, "w");
  if (!File)
    return fail(cudaErrorOperatingSystem);
  std::string Text = dotText(*G, Flags);
  bool Ok = std::fwrite(Text.data(), 1, Text.size(), File) == Text.size();
  Ok &= std::fclose(File) == 0;
  return Ok ? cudaSuccess : fail(cudaErrorOperatingSystem);
}

cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                const cudaGraphNode_t *Deps,
                                const cudaGraphEdgeData *, size_t Count,
                                cudaGraphNodeParams *Params) {
  if (!Params)
    return fail(cudaErrorInvalidValue);
  if (Params->type == cudaGraphNodeTypeGraph)
    return cudaGraphAddChildGraphNode(PNode, Graph, Deps, Count,
                                      Params->graph.graph);
  return withBackend([&](Backend &B) -> cudaError_t {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    if (Params->type == cudaGraphNodeTypeConditional) {
      rubicon::graphs::Graph *G = liveGraph(Graph);
      std::vector<Node *> Nodes;
      if (!PNode || !G || !dependencies(Deps, Count, Nodes))
        return cudaErrorInvalidValue;
      Node *N = nullptr;
      if (cudaError_t Status =
              addConditionalNode(G, Nodes, Params->conditional, N))
        return Status;
      *PNode = toHandle(N);
      return cudaSuccess;
    }
    NodeParams P;
    if (cudaError_t Status = genericParams(B, Params, P))
      return Status;
    return add(PNode, Graph, Deps, Count, std::move(P));
  });
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                             const cudaGraphNode_t *Deps, size_t Count,
                             cudaGraphNodeParams *Params) {
  return cudaGraphAddNode_v2(PNode, Graph, Deps, nullptr, Count, Params);
}

cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t Handle,
                                   cudaGraphNodeParams *Params) {
  if (!Params)
    return fail(cudaErrorInvalidValue);
  if (Params->type == cudaGraphNodeTypeMemAlloc ||
      Params->type == cudaGraphNodeTypeMemFree ||
      Params->type == cudaGraphNodeTypeConditional ||
      Params->type == cudaGraphNodeTypeGraph)
    return fail(cudaErrorInvalidValue);
  return setNode(Handle, Params->type, [&](Backend &B, NodeParams &P) {
    return genericParams(B, Params, P);
  });
}

cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t Exec,
                                       cudaGraphNode_t Handle,
                                       cudaGraphNodeParams *Params) {
  if (!Params)
    return fail(cudaErrorInvalidValue);
  if (Params->type == cudaGraphNodeTypeGraph)
    return cudaGraphExecChildGraphNodeSetParams(Exec, Handle,
                                                Params->graph.graph);
  if (Params->type == cudaGraphNodeTypeMemAlloc ||
      Params->type == cudaGraphNodeTypeMemFree ||
      Params->type == cudaGraphNodeTypeConditional)
    return fail(cudaErrorInvalidValue);
  return setExecNode(Exec, Handle, [&](Backend &B, NodeParams &P) {
    return genericParams(B, Params, P);
  });
}

// Kernel nodes.
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t Count,
                                   const cudaKernelNodeParams *Params) {
  return withBackend([&](Backend &B) -> cudaError_t {
    NodeParams P;
    if (cudaError_t Status = kernelParams(B, Params, P))
      return Status;
    return add(PNode, Graph, Deps, Count, std::move(P));
  });
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t Node,
                                         cudaKernelNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeKernel, [&](rubicon::graphs::Node &N) {
    KernelCall &K = N.Params.Kernel;
    Out->func = K.UserFunction;
    Out->gridDim = dim3(K.Grid.X, K.Grid.Y, K.Grid.Z);
    Out->blockDim = dim3(K.Block.X, K.Block.Y, K.Block.Z);
    Out->sharedMemBytes = K.SharedMem;
    Out->kernelParams = K.Pointers.empty() ? nullptr : K.Pointers.data();
    Out->extra = nullptr;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t Node,
                                         const cudaKernelNodeParams *Params) {
  return setNode(Node, cudaGraphNodeTypeKernel,
                 [&](Backend &B, NodeParams &P) {
                   return kernelParams(B, Params, P);
                 });
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t Src,
                                              cudaGraphNode_t Dst) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Node *A = liveNode(Src), *B = liveNode(Dst);
  if (!A || !B || A->Params.Type != cudaGraphNodeTypeKernel ||
      B->Params.Type != cudaGraphNodeTypeKernel)
    return fail(cudaErrorInvalidValue);
  B->Params.Kernel.Attributes = A->Params.Kernel.Attributes;
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t Node,
                                            cudaKernelNodeAttrID Attribute,
                                            cudaKernelNodeAttrValue *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeKernel, [&](rubicon::graphs::Node &N) {
    auto &Attributes = N.Params.Kernel.Attributes;
    auto It = Attributes.find(Attribute);
    std::memset(Out, 0, sizeof *Out);
    if (It != Attributes.end())
      *Out = It->second;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t Node,
                                            cudaKernelNodeAttrID Attribute,
                                            const cudaKernelNodeAttrValue *V) {
  if (!V || Attribute < cudaLaunchAttributeAccessPolicyWindow ||
      Attribute > cudaLaunchAttributeMemSyncDomain)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeKernel, [&](rubicon::graphs::Node &N) {
    N.Params.Kernel.Attributes[Attribute] = *V;
    return cudaSuccess;
  });
}

// Copy nodes.
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t Count,
                                   const cudaMemcpy3DParms *Params) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return fail(Status);
  return fail(add(PNode, Graph, Deps, Count, std::move(P)));
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                     const cudaGraphNode_t *Deps, size_t Count,
                                     void *Dst, const void *Src, size_t Bytes,
                                     cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C = linearCopy(Dst, Src, Bytes, Kind);
  return cudaGraphAddMemcpyNode(PNode, Graph, Deps, Count, &C);
}

cudaError_t cudaGraphAddMemcpyNodeToSymbol(
    cudaGraphNode_t *PNode, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    size_t Count, const void *Symbol, const void *Src, size_t Bytes,
    size_t Offset, cudaMemcpyKind Kind) {
  return withBackend([&](Backend &B) -> cudaError_t {
    NodeParams P;
    if (cudaError_t Status =
            toSymbolParams(B, Symbol, Src, Bytes, Offset, Kind, P))
      return Status;
    return add(PNode, Graph, Deps, Count, std::move(P));
  });
}

cudaError_t cudaGraphAddMemcpyNodeFromSymbol(
    cudaGraphNode_t *PNode, cudaGraph_t Graph, const cudaGraphNode_t *Deps,
    size_t Count, void *Dst, const void *Symbol, size_t Bytes, size_t Offset,
    cudaMemcpyKind Kind) {
  return withBackend([&](Backend &B) -> cudaError_t {
    NodeParams P;
    if (cudaError_t Status =
            fromSymbolParams(B, Dst, Symbol, Bytes, Offset, Kind, P))
      return Status;
    return add(PNode, Graph, Deps, Count, std::move(P));
  });
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t Node,
                                         cudaMemcpy3DParms *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemcpy, [&](rubicon::graphs::Node &N) {
    *Out = N.Params.Copy;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t Node,
                                         const cudaMemcpy3DParms *Params) {
  return setNode(Node, cudaGraphNodeTypeMemcpy,
                 [&](Backend &, NodeParams &P) {
                   return copyParams(Params, P);
                 });
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t Node, void *Dst,
                                           const void *Src, size_t Bytes,
                                           cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C = linearCopy(Dst, Src, Bytes, Kind);
  return cudaGraphMemcpyNodeSetParams(Node, &C);
}

cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t Node,
                                                 const void *Symbol,
                                                 const void *Src, size_t Bytes,
                                                 size_t Offset,
                                                 cudaMemcpyKind Kind) {
  return setNode(Node, cudaGraphNodeTypeMemcpy,
                 [&](Backend &B, NodeParams &P) {
                   return toSymbolParams(B, Symbol, Src, Bytes, Offset, Kind,
                                         P);
                 });
}

cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t Node,
                                                   void *Dst,
                                                   const void *Symbol,
                                                   size_t Bytes, size_t Offset,
                                                   cudaMemcpyKind Kind) {
  return setNode(Node, cudaGraphNodeTypeMemcpy,
                 [&](Backend &B, NodeParams &P) {
                   return fromSymbolParams(B, Dst, Symbol, Bytes, Offset, Kind,
                                           P);
                 });
}

// Memset nodes.
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t Count,
                                   const cudaMemsetParams *Params) {
  NodeParams P;
  if (cudaError_t Status = memsetParams(Params, P))
    return fail(Status);
  return fail(add(PNode, Graph, Deps, Count, std::move(P)));
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t Node,
                                         cudaMemsetParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemset, [&](rubicon::graphs::Node &N) {
    *Out = N.Params.Memset;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t Node,
                                         const cudaMemsetParams *Params) {
  return setNode(Node, cudaGraphNodeTypeMemset,
                 [&](Backend &, NodeParams &P) {
                   return memsetParams(Params, P);
                 });
}

// Host nodes.
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                 const cudaGraphNode_t *Deps, size_t Count,
                                 const cudaHostNodeParams *Params) {
  NodeParams P;
  if (cudaError_t Status = hostParams(Params, P))
    return fail(Status);
  return fail(add(PNode, Graph, Deps, Count, std::move(P)));
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t Node,
                                       cudaHostNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeHost, [&](rubicon::graphs::Node &N) {
    *Out = N.Params.Host;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t Node,
                                       const cudaHostNodeParams *Params) {
  return setNode(Node, cudaGraphNodeTypeHost, [&](Backend &, NodeParams &P) {
    return hostParams(Params, P);
  });
}

// Child graph, empty and event nodes.
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *PNode,
                                       cudaGraph_t Graph,
                                       const cudaGraphNode_t *Deps,
                                       size_t Count, cudaGraph_t Child) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Graph *G = liveGraph(Graph), *C = liveGraph(Child);
  std::vector<Node *> Nodes;
  if (!PNode || !G || !C || C == G || !dependencies(Deps, Count, Nodes))
    return fail(cudaErrorInvalidValue);
  Node *N = nullptr;
  if (cudaError_t Status = addChildGraphNode(G, Nodes, C, N))
    return fail(Status);
  *PNode = toHandle(N);
  return cudaSuccess;
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t Node,
                                            cudaGraph_t *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeGraph, [&](rubicon::graphs::Node &N) {
    *Out = toHandle(N.Child.get());
    return cudaSuccess;
  });
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                  const cudaGraphNode_t *Deps, size_t Count) {
  NodeParams P;
  P.Type = cudaGraphNodeTypeEmpty;
  return fail(add(PNode, Graph, Deps, Count, std::move(P)));
}

static cudaError_t addEventNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                const cudaGraphNode_t *Deps, size_t Count,
                                cudaEvent_t Event, cudaGraphNodeType Type) {
  if (!Event)
    return fail(cudaErrorInvalidValue);
  NodeParams P;
  P.Type = Type;
  P.Event = Event;
  return fail(add(PNode, Graph, Deps, Count, std::move(P)));
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *PNode,
                                        cudaGraph_t Graph,
                                        const cudaGraphNode_t *Deps,
                                        size_t Count, cudaEvent_t Event) {
  return addEventNode(PNode, Graph, Deps, Count, Event,
                      cudaGraphNodeTypeEventRecord);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *PNode,
                                      cudaGraph_t Graph,
                                      const cudaGraphNode_t *Deps,
                                      size_t Count, cudaEvent_t Event) {
  return addEventNode(PNode, Graph, Deps, Count, Event,
                      cudaGraphNodeTypeWaitEvent);
}

static cudaError_t eventOf(cudaGraphNode_t Node, cudaGraphNodeType Type,
                           cudaEvent_t *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, Type, [&](rubicon::graphs::Node &N) {
    *Out = N.Params.Event;
    return cudaSuccess;
  });
}

static cudaError_t setEventOf(cudaGraphNode_t Node, cudaGraphNodeType Type,
                              cudaEvent_t Event) {
  if (!Event)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, Type, [&](rubicon::graphs::Node &N) {
    N.Params.Event = Event;
    return cudaSuccess;
  });
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

// Memory nodes.
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                     const cudaGraphNode_t *Deps, size_t Count,
                                     cudaMemAllocNodeParams *Params) {
  return withBackend([&](Backend &B) -> cudaError_t {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    if (!liveGraph(Graph) || !PNode)
      return cudaErrorInvalidValue;
    NodeParams P;
    if (cudaError_t Status = allocParams(B, Params, P))
      return Status;
    return add(PNode, Graph, Deps, Count, std::move(P));
  });
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t Node,
                                           cudaMemAllocNodeParams *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemAlloc,
                 [&](rubicon::graphs::Node &N) {
                   *Out = N.Params.Alloc;
                   return cudaSuccess;
                 });
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *PNode, cudaGraph_t Graph,
                                    const cudaGraphNode_t *Deps, size_t Count,
                                    void *Pointer) {
  if (!Pointer)
    return fail(cudaErrorInvalidValue);
  NodeParams P;
  P.Type = cudaGraphNodeTypeMemFree;
  P.FreePointer = Pointer;
  return fail(add(PNode, Graph, Deps, Count, std::move(P)));
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t Node, void *Out) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return getNode(Node, cudaGraphNodeTypeMemFree,
                 [&](rubicon::graphs::Node &N) {
                   *static_cast<void **>(Out) = N.Params.FreePointer;
                   return cudaSuccess;
                 });
}

cudaError_t cudaDeviceGraphMemTrim(int Device) {
  return withBackend([&](Backend &B) -> cudaError_t {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    // Graph memory stays with the graphs that hold it until they go.
    return Device < 0 || Device >= Count ? cudaErrorInvalidDevice
                                         : cudaSuccess;
  });
}

cudaError_t cudaDeviceGetGraphMemAttribute(int Device,
                                           cudaGraphMemAttributeType Attribute,
                                           void *Value) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Device < 0 || Device >= Count)
      return cudaErrorInvalidDevice;
    size_t Values[4];
    graphMemoryUsage(Values[0], Values[1], Values[2], Values[3]);
    if (Attribute < cudaGraphMemAttrUsedMemCurrent ||
        Attribute > cudaGraphMemAttrReservedMemHigh)
      return cudaErrorInvalidValue;
    *static_cast<unsigned long long *>(Value) = Values[Attribute];
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetGraphMemAttribute(int Device,
                                           cudaGraphMemAttributeType Attribute,
                                           void *Value) {
  if (!Value || *static_cast<unsigned long long *>(Value) != 0)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Device < 0 || Device >= Count)
      return cudaErrorInvalidDevice;
    if (Attribute == cudaGraphMemAttrUsedMemHigh)
      resetGraphMemoryHighWatermarks(true, false);
    else if (Attribute == cudaGraphMemAttrReservedMemHigh)
      resetGraphMemoryHighWatermarks(false, true);
    else
      return cudaErrorInvalidValue;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *Out,
                                             cudaGraph_t Graph,
                                             unsigned DefaultValue,
                                             unsigned Flags) {
  if (!Out || (Flags & ~unsigned(cudaGraphCondAssignDefault)))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    rubicon::graphs::Graph *G = liveGraph(Graph);
    if (!G)
      return cudaErrorInvalidValue;
    auto C = std::make_shared<ConditionalHandle>();
    void *Memory = nullptr;
    if (cudaError_t Status = B.malloc(&Memory, sizeof(unsigned)))
      return Status;
    C->Owner = &B;
    C->Value = static_cast<unsigned *>(Memory);
    C->Default = DefaultValue;
    C->AssignDefault = Flags & cudaGraphCondAssignDefault;
    if (cudaError_t Status = B.memcpy(C->Value, &C->Default, sizeof(unsigned),
                                      cudaMemcpyHostToDevice))
      return Status;
    G->Conditions.push_back(C);
    *Out = reinterpret_cast<cudaGraphConditionalHandle>(C->Value);
    return cudaSuccess;
  });
}

// Nodes and edges.
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t Node, cudaGraphNodeType *Out) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Node *N = liveNode(Node);
  if (!N || !Out)
    return fail(cudaErrorInvalidValue);
  *Out = N->Params.Type;
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                              size_t *Count) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Graph *G = liveGraph(Graph);
  if (!G)
    return fail(cudaErrorInvalidValue);
  std::vector<Node *> List;
  for (auto &N : G->Nodes)
    List.push_back(N.get());
  return listNodes(List, Nodes, nullptr, Count);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                                  size_t *Count) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Graph *G = liveGraph(Graph);
  if (!G)
    return fail(cudaErrorInvalidValue);
  std::vector<Node *> List;
  for (auto &N : G->Nodes)
    if (N->Dependencies.empty())
      List.push_back(N.get());
  return listNodes(List, Nodes, nullptr, Count);
}

cudaError_t cudaGraphGetEdges(cudaGraph_t Graph, cudaGraphNode_t *From,
                              cudaGraphNode_t *To, size_t *Count) {
  return listEdges(Graph, From, To, nullptr, Count);
}
cudaError_t cudaGraphGetEdges_v2(cudaGraph_t Graph, cudaGraphNode_t *From,
                                 cudaGraphNode_t *To, cudaGraphEdgeData *Data,
                                 size_t *Count) {
  return listEdges(Graph, From, To, Data, Count);
}

cudaError_t cudaGraphNodeGetDependencies_v2(cudaGraphNode_t Node,
                                            cudaGraphNode_t *Out,
                                            cudaGraphEdgeData *Data,
                                            size_t *Count) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Node *N = liveNode(Node);
  if (!N)
    return fail(cudaErrorInvalidValue);
  return listNodes(N->Dependencies, Out, Data, Count);
}
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t Node,
                                         cudaGraphNode_t *Out, size_t *Count) {
  return cudaGraphNodeGetDependencies_v2(Node, Out, nullptr, Count);
}

cudaError_t cudaGraphNodeGetDependentNodes_v2(cudaGraphNode_t Node,
                                              cudaGraphNode_t *Out,
                                              cudaGraphEdgeData *Data,
                                              size_t *Count) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Node *N = liveNode(Node);
  if (!N)
    return fail(cudaErrorInvalidValue);
  return listNodes(N->Dependents, Out, Data, Count);
}
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t Node,
                                           cudaGraphNode_t *Out,
                                           size_t *Count) {
  return cudaGraphNodeGetDependentNodes_v2(Node, Out, nullptr, Count);
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t Graph,
                                     const cudaGraphNode_t *From,
                                     const cudaGraphNode_t *To, size_t Count) {
  return changeEdges(Graph, From, To, Count, true);
}
cudaError_t cudaGraphAddDependencies_v2(cudaGraph_t Graph,
                                        const cudaGraphNode_t *From,
                                        const cudaGraphNode_t *To,
                                        const cudaGraphEdgeData *,
                                        size_t Count) {
  return changeEdges(Graph, From, To, Count, true);
}
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t Graph,
                                        const cudaGraphNode_t *From,
                                        const cudaGraphNode_t *To,
                                        size_t Count) {
  return changeEdges(Graph, From, To, Count, false);
}
cudaError_t cudaGraphRemoveDependencies_v2(cudaGraph_t Graph,
                                           const cudaGraphNode_t *From,
                                           const cudaGraphNode_t *To,
                                           const cudaGraphEdgeData *,
                                           size_t Count) {
  return changeEdges(Graph, From, To, Count, false);
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t Node) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Node *N = liveNode(Node);
  if (!N)
    return fail(cudaErrorInvalidValue);
  destroyNode(N);
  return cudaSuccess;
}

// Executable graphs.
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *Out, cudaGraph_t Graph,
                                 unsigned long long Flags) {
  return instantiateWith(Out, Graph, Flags, nullptr);
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *Out,
                                          cudaGraph_t Graph,
                                          unsigned long long Flags) {
  return instantiateWith(Out, Graph, Flags, nullptr);
}
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *Out,
                                           cudaGraph_t Graph,
                                           cudaGraphInstantiateParams *Params) {
  if (!Params)
    return fail(cudaErrorInvalidValue);
  return instantiateWith(Out, Graph, Params->flags, Params);
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t Exec,
                                  unsigned long long *Flags) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecGraph *E = liveExec(Exec);
  if (!E || !Flags)
    return fail(cudaErrorInvalidValue);
  *Flags = E->Flags;
  return cudaSuccess;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t Exec,
                                             cudaGraphNode_t Node,
                                             const cudaKernelNodeParams *P) {
  return setExecNode(Exec, Node, [&](Backend &B, NodeParams &Out) {
    return kernelParams(B, P, Out);
  });
}
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t Exec,
                                             cudaGraphNode_t Node,
                                             const cudaMemcpy3DParms *P) {
  return setExecNode(Exec, Node, [&](Backend &, NodeParams &Out) {
    return copyParams(P, Out);
  });
}
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t Exec,
                                               cudaGraphNode_t Node, void *Dst,
                                               const void *Src, size_t Bytes,
                                               cudaMemcpyKind Kind) {
  cudaMemcpy3DParms C = linearCopy(Dst, Src, Bytes, Kind);
  return cudaGraphExecMemcpyNodeSetParams(Exec, Node, &C);
}
cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(
    cudaGraphExec_t Exec, cudaGraphNode_t Node, const void *Symbol,
    const void *Src, size_t Bytes, size_t Offset, cudaMemcpyKind Kind) {
  return setExecNode(Exec, Node, [&](Backend &B, NodeParams &Out) {
    return toSymbolParams(B, Symbol, Src, Bytes, Offset, Kind, Out);
  });
}
cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(
    cudaGraphExec_t Exec, cudaGraphNode_t Node, void *Dst, const void *Symbol,
    size_t Bytes, size_t Offset, cudaMemcpyKind Kind) {
  return setExecNode(Exec, Node, [&](Backend &B, NodeParams &Out) {
    return fromSymbolParams(B, Dst, Symbol, Bytes, Offset, Kind, Out);
  });
}
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t Exec,
                                             cudaGraphNode_t Node,
                                             const cudaMemsetParams *P) {
  return setExecNode(Exec, Node, [&](Backend &, NodeParams &Out) {
    return memsetParams(P, Out);
  });
}
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t Exec,
                                           cudaGraphNode_t Node,
                                           const cudaHostNodeParams *P) {
  return setExecNode(Exec, Node, [&](Backend &, NodeParams &Out) {
    return hostParams(P, Out);
  });
}
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t Exec,
                                                 cudaGraphNode_t Node,
                                                 cudaGraph_t Child) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecGraph *E = liveExec(Exec);
  rubicon::graphs::Graph *C = liveGraph(Child);
  if (!E || !C || !Node)
    return fail(cudaErrorInvalidValue);
  NodeParams P;
  P.Type = cudaGraphNodeTypeGraph;
  return fail(setExecNodeParams(*E, fromHandle(Node), P, C));
}
static cudaError_t setExecEvent(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                cudaEvent_t Event, cudaGraphNodeType Type) {
  if (!Event)
    return fail(cudaErrorInvalidValue);
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecGraph *E = liveExec(Exec);
  if (!E)
    return fail(cudaErrorInvalidValue);
  NodeParams P;
  P.Type = Type;
  P.Event = Event;
  return fail(setExecNodeParams(*E, fromHandle(Node), P, nullptr));
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

cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                    unsigned Enabled) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecGraph *E = liveExec(Exec);
  ExecNode *X = E ? findExecNode(*E, fromHandle(Node)) : nullptr;
  if (!X)
    return fail(cudaErrorInvalidValue);
  switch (X->Params.Type) {
  case cudaGraphNodeTypeKernel:
  case cudaGraphNodeTypeMemcpy:
  case cudaGraphNodeTypeMemset:
    X->Enabled = Enabled != 0;
    return cudaSuccess;
  default:
    return fail(cudaErrorInvalidValue);
  }
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                    unsigned *Enabled) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecGraph *E = liveExec(Exec);
  ExecNode *X = E ? findExecNode(*E, fromHandle(Node)) : nullptr;
  if (!X || !Enabled)
    return fail(cudaErrorInvalidValue);
  *Enabled = X->Enabled;
  return cudaSuccess;
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t Exec, cudaGraph_t Graph,
                                cudaGraphExecUpdateResultInfo *Info) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecGraph *E = liveExec(Exec);
  rubicon::graphs::Graph *G = liveGraph(Graph);
  if (!E || !G || !Info)
    return fail(cudaErrorInvalidValue);
  return fail(update(*E, *G, *Info));
}

cudaError_t cudaGraphUpload(cudaGraphExec_t Exec, cudaStream_t) {
  // Nothing to place on the device ahead of a launch (docs/graphs.md).
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  return liveExec(Exec) ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t Exec, cudaStream_t Stream) {
  return launchGraph(Exec, Stream);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t Exec) {
  ExecGraph *E = nullptr;
  {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    E = liveExec(Exec);
    if (!E)
      return fail(cudaErrorInvalidValue);
  }
  destroyExec(E);
  return cudaSuccess;
}

// User objects.
cudaError_t cudaUserObjectCreate(cudaUserObject_t *Out, void *Pointer,
                                 cudaHostFn_t Destroy, unsigned Count,
                                 unsigned Flags) {
  if (!Out || !Destroy || Count == 0 ||
      Flags != unsigned(cudaUserObjectNoDestructorSync))
    return fail(cudaErrorInvalidValue);
  *Out = reinterpret_cast<cudaUserObject_t>(
      UserObject::create(Pointer, Destroy, Count));
  return cudaSuccess;
}

cudaError_t cudaUserObjectRetain(cudaUserObject_t Object, unsigned Count) {
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!UserObject::isLive(O) || Count == 0)
    return fail(cudaErrorInvalidValue);
  O->retain(Count);
  return cudaSuccess;
}

cudaError_t cudaUserObjectRelease(cudaUserObject_t Object, unsigned Count) {
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!UserObject::isLive(O) || Count == 0)
    return fail(cudaErrorInvalidValue);
  O->release(Count);
  return cudaSuccess;
}

cudaError_t cudaGraphRetainUserObject(cudaGraph_t Graph,
                                      cudaUserObject_t Object, unsigned Count,
                                      unsigned Flags) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Graph *G = liveGraph(Graph);
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!G || !UserObject::isLive(O) || Count == 0 ||
      (Flags & ~unsigned(cudaGraphUserObjectMove)))
    return fail(cudaErrorInvalidValue);
  // With cudaGraphUserObjectMove the caller's references move to the graph.
  if (!(Flags & cudaGraphUserObjectMove))
    O->retain(Count);
  G->UserObjects[O] += Count;
  return cudaSuccess;
}

cudaError_t cudaGraphReleaseUserObject(cudaGraph_t Graph,
                                       cudaUserObject_t Object,
                                       unsigned Count) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  rubicon::graphs::Graph *G = liveGraph(Graph);
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!G || Count == 0)
    return fail(cudaErrorInvalidValue);
  auto It = G->UserObjects.find(O);
  if (It == G->UserObjects.end() || It->second < Count)
    return fail(cudaErrorInvalidValue);
  if ((It->second -= Count) == 0)
    G->UserObjects.erase(It);
  O->release(Count);
  return cudaSuccess;
}

} // extern "C"
