//===- DriverGraphApi.cpp - Graphs, capture, pools: the cu* functions -----===//
//
// Part of Rubicon. The driver API of graphs, stream capture and
// stream-ordered memory: the driver's parameter structs become the graphs
// layer's NodeParams, the calls are the ones libcudart makes
// (runtime-shim/graphs/GraphCalls.h), the errors become CUresult. Kernel
// nodes name module functions (CUfunction). docs/graphs.md.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"
#include "driver_types.h"

#include "DriverInternal.h"
#include "graphs/GraphCalls.h"
#include "graphs/SharedState.h"

#include <cstdint>
#include <cstring>

using namespace rubicon::cudart;
using namespace rubicon::graphs;
using rubicon::driver::acquireBackend;
using rubicon::driver::toDriverResult;

namespace {

CUresult result(cudaError_t Status) { return toDriverResult(Status); }

template <class CallT> CUresult withBackend(CallT &&Call) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  return result(Call(*B));
}

void *pointer(CUdeviceptr Address) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(Address));
}
CUdeviceptr address(const void *Pointer) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(Pointer));
}
cudaStream_t stream(CUstream Stream) {
  return reinterpret_cast<cudaStream_t>(Stream);
}
cudaGraph_t graph(CUgraph G) { return reinterpret_cast<cudaGraph_t>(G); }
cudaGraph_t *graphOut(CUgraph *G) { return reinterpret_cast<cudaGraph_t *>(G); }
cudaGraphNode_t node(CUgraphNode N) {
  return reinterpret_cast<cudaGraphNode_t>(N);
}
cudaGraphNode_t *nodeOut(CUgraphNode *N) {
  return reinterpret_cast<cudaGraphNode_t *>(N);
}
const cudaGraphNode_t *nodes(const CUgraphNode *N) {
  return reinterpret_cast<const cudaGraphNode_t *>(N);
}
cudaGraphExec_t exec(CUgraphExec E) {
  return reinterpret_cast<cudaGraphExec_t>(E);
}
cudaEvent_t event(CUevent E) { return reinterpret_cast<cudaEvent_t>(E); }
cudaMemPool_t pool(CUmemoryPool P) { return reinterpret_cast<cudaMemPool_t>(P); }
cudaGraphEdgeData *edges(CUgraphEdgeData *E) {
  return reinterpret_cast<cudaGraphEdgeData *>(E);
}

/// A kernel node of a module function.
cudaError_t kernelParams(Backend &B, CUfunction Function, unsigned GridX,
                         unsigned GridY, unsigned GridZ, unsigned BlockX,
                         unsigned BlockY, unsigned BlockZ, unsigned Shared,
                         void **Args, void **Extra, NodeParams &P) {
  void *F = rubicon::driver::backendFunction(Function);
  if (!F)
    return cudaErrorInvalidResourceHandle;
  if (!GridX || !GridY || !GridZ || !BlockX || !BlockY || !BlockZ)
    return cudaErrorInvalidValue;
  P.Type = cudaGraphNodeTypeKernel;
  KernelCall &K = P.Kernel;
  K.Function = F;
  K.UserFunction = Function;
  K.ModuleFunction = true;
  K.Grid = {GridX, GridY, GridZ};
  K.Block = {BlockX, BlockY, BlockZ};
  K.SharedMem = Shared;
  if (Extra) {
    // {CU_LAUNCH_PARAM_BUFFER_POINTER, p, CU_LAUNCH_PARAM_BUFFER_SIZE, &n,
    //  CU_LAUNCH_PARAM_END}: the buffer is copied.
    if (Args)
      return cudaErrorInvalidValue;
    const void *Buffer = nullptr;
    const size_t *Size = nullptr;
    for (size_t I = 0; Extra[I] != CU_LAUNCH_PARAM_END; I += 2) {
      if (Extra[I] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        Buffer = Extra[I + 1];
      else if (Extra[I] == CU_LAUNCH_PARAM_BUFFER_SIZE)
        Size = static_cast<const size_t *>(Extra[I + 1]);
      else
        return cudaErrorInvalidValue;
    }
    if (!Buffer || !Size)
      return cudaErrorInvalidValue;
    const auto *Bytes = static_cast<const unsigned char *>(Buffer);
    K.ArgBuffer.assign(Bytes, Bytes + *Size);
    return cudaSuccess;
  }
  return K.setArguments(B, Args);
}

cudaError_t kernelParams(Backend &B, const CUDA_KERNEL_NODE_PARAMS *K,
                         NodeParams &P) {
  if (!K)
    return cudaErrorInvalidValue;
  return kernelParams(B, K->func, K->gridDimX, K->gridDimY, K->gridDimZ,
                      K->blockDimX, K->blockDimY, K->blockDimZ,
                      K->sharedMemBytes, K->kernelParams, K->extra, P);
}

/// CUDA_MEMCPY3D (linear memory: host or device) as the runtime's
/// cudaMemcpy3DParms.
cudaError_t copyParams(const CUDA_MEMCPY3D *C, NodeParams &P) {
  if (!C)
    return cudaErrorInvalidValue;
  if (C->srcMemoryType == CU_MEMORYTYPE_ARRAY ||
      C->dstMemoryType == CU_MEMORYTYPE_ARRAY)
    return cudaErrorNotSupported;
  auto Side = [](CUmemorytype Type, const void *Host, CUdeviceptr Device) {
    return Type == CU_MEMORYTYPE_HOST ? const_cast<void *>(Host)
                                      : pointer(Device);
  };
  cudaMemcpy3DParms R{};
  size_t Height = C->Height ? C->Height : 1;
  R.srcPtr = {Side(C->srcMemoryType, C->srcHost, C->srcDevice),
              C->srcPitch ? C->srcPitch : C->WidthInBytes, C->WidthInBytes,
              C->srcHeight ? C->srcHeight : Height};
  R.dstPtr = {Side(C->dstMemoryType, C->dstHost, C->dstDevice),
              C->dstPitch ? C->dstPitch : C->WidthInBytes, C->WidthInBytes,
              C->dstHeight ? C->dstHeight : Height};
  R.srcPos = {C->srcXInBytes, C->srcY, C->srcZ};
  R.dstPos = {C->dstXInBytes, C->dstY, C->dstZ};
  R.extent = {C->WidthInBytes, Height, C->Depth ? C->Depth : 1};
  R.kind = cudaMemcpyDefault;
  return calls::copyParams(&R, P);
}

void copyParamsOut(const cudaMemcpy3DParms &R, CUDA_MEMCPY3D &C) {
  std::memset(&C, 0, sizeof C);
  C.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
  C.srcDevice = address(R.srcPtr.ptr);
  C.srcPitch = R.srcPtr.pitch;
  C.srcHeight = R.srcPtr.ysize;
  C.srcXInBytes = R.srcPos.x;
  C.srcY = R.srcPos.y;
  C.srcZ = R.srcPos.z;
  C.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
  C.dstDevice = address(R.dstPtr.ptr);
  C.dstPitch = R.dstPtr.pitch;
  C.dstHeight = R.dstPtr.ysize;
  C.dstXInBytes = R.dstPos.x;
  C.dstY = R.dstPos.y;
  C.dstZ = R.dstPos.z;
  C.WidthInBytes = R.extent.width;
  C.Height = R.extent.height;
  C.Depth = R.extent.depth;
}

cudaError_t memsetParams(const CUDA_MEMSET_NODE_PARAMS *M, NodeParams &P) {
  if (!M)
    return cudaErrorInvalidValue;
  cudaMemsetParams R{pointer(M->dst), M->pitch, M->value, M->elementSize,
                     M->width, M->height};
  return calls::memsetParams(&R, P);
}

cudaError_t hostParams(const CUDA_HOST_NODE_PARAMS *H, NodeParams &P) {
  if (!H)
    return cudaErrorInvalidValue;
  cudaHostNodeParams R{H->fn, H->userData};
  return calls::hostParams(&R, P);
}

cudaMemAllocNodeParams allocParamsIn(const CUDA_MEM_ALLOC_NODE_PARAMS &A) {
  cudaMemAllocNodeParams R{};
  static_assert(sizeof(CUmemPoolProps) == sizeof(cudaMemPoolProps));
  std::memcpy(&R.poolProps, &A.poolProps, sizeof R.poolProps);
  R.bytesize = A.bytesize;
  return R;
}

cudaError_t genericParams(Backend &B, CUgraphNodeParams *G, NodeParams &P) {
  switch (G->type) {
  case CU_GRAPH_NODE_TYPE_KERNEL:
    return kernelParams(B, &G->kernel, P);
  case CU_GRAPH_NODE_TYPE_MEMCPY:
    return copyParams(&G->memcpy.copyParams, P);
  case CU_GRAPH_NODE_TYPE_MEMSET: {
    CUDA_MEMSET_NODE_PARAMS M{G->memset.dst,         G->memset.pitch,
                              G->memset.value,       G->memset.elementSize,
                              G->memset.width,       G->memset.height};
    return memsetParams(&M, P);
  }
  case CU_GRAPH_NODE_TYPE_HOST:
    return hostParams(&G->host, P);
  case CU_GRAPH_NODE_TYPE_EMPTY:
    P.Type = cudaGraphNodeTypeEmpty;
    return cudaSuccess;
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
    return calls::eventParams(event(G->eventWait.event),
                              cudaGraphNodeTypeWaitEvent, P);
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
    return calls::eventParams(event(G->eventRecord.event),
                              cudaGraphNodeTypeEventRecord, P);
  case CU_GRAPH_NODE_TYPE_MEM_ALLOC: {
    cudaMemAllocNodeParams A = allocParamsIn(G->alloc);
    cudaError_t Status = calls::allocParams(B, &A, P);
    G->alloc.dptr = address(A.dptr);
    return Status;
  }
  case CU_GRAPH_NODE_TYPE_MEM_FREE:
    return calls::freeParams(pointer(G->free.dptr), P);
  case CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL:
    return calls::externalSemaphoreParams(
        reinterpret_cast<const cudaExternalSemaphore_t *>(
            G->extSemSignal.extSemArray),
        reinterpret_cast<const cudaExternalSemaphoreSignalParams *>(
            G->extSemSignal.paramsArray),
        nullptr, G->extSemSignal.numExtSems, P);
  case CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT:
    return calls::externalSemaphoreParams(
        reinterpret_cast<const cudaExternalSemaphore_t *>(
            G->extSemWait.extSemArray),
        nullptr,
        reinterpret_cast<const cudaExternalSemaphoreWaitParams *>(
            G->extSemWait.paramsArray),
        G->extSemWait.numExtSems, P);
  case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP: {
    std::vector<MemOperation> Ops;
    if (cudaError_t Status = rubicon::driver::memOperations(
            G->memOp.paramArray, G->memOp.count, Ops))
      return Status;
    calls::memOperationParams(Ops, G->memOp.paramArray,
                              G->memOp.count * sizeof(CUstreamBatchMemOpParams),
                              G->memOp.flags, P);
    return cudaSuccess;
  }
  default:
    return cudaErrorInvalidValue;
  }
}

template <class MakeT, class UseT> CUresult withParams(MakeT &&Make, UseT &&Use) {
  return withBackend([&](Backend &B) -> cudaError_t {
    NodeParams P;
    if (cudaError_t Status = Make(B, P))
      return Status;
    return Use(std::move(P));
  });
}

template <class GetT>
CUresult getNode(CUgraphNode Node, cudaGraphNodeType Type, GetT &&Get) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  NodeParams *P = nullptr;
  if (cudaError_t Status = calls::nodeParams(node(Node), Type, P))
    return result(Status);
  Get(*P);
  return CUDA_SUCCESS;
}

/// The runtime-API form of a call with no backend need.
CUresult plain(cudaError_t Status) { return result(Status); }

} // namespace

extern "C" {

/// libcudart finds the process's graph state here (graphs/SharedState.h).
rubicon::graphs::SharedTable *__rubicon_graph_state_v1() {
  return rubicon::graphs::ownTable();
}

//--- Stream capture ----------------------------------------------------------

CUresult cuStreamBeginCapture(CUstream Stream, CUstreamCaptureMode Mode) {
  return withBackend([&](Backend &B) {
    return calls::beginCapture(B, stream(Stream), nullptr, nullptr, 0,
                               cudaStreamCaptureMode(Mode));
  });
}
CUresult cuStreamBeginCapture_v2(CUstream Stream, CUstreamCaptureMode Mode) {
  return cuStreamBeginCapture(Stream, Mode);
}
CUresult cuStreamBeginCaptureToGraph(CUstream Stream, CUgraph Graph,
                                     const CUgraphNode *Deps,
                                     const CUgraphEdgeData *, size_t Count,
                                     CUstreamCaptureMode Mode) {
  if (!Graph)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    return calls::beginCapture(B, stream(Stream), graph(Graph), nodes(Deps),
                               Count, cudaStreamCaptureMode(Mode));
  });
}
CUresult cuStreamEndCapture(CUstream Stream, CUgraph *Graph) {
  return withBackend([&](Backend &) {
    return calls::endCapture(stream(Stream), graphOut(Graph));
  });
}
CUresult cuStreamIsCapturing(CUstream Stream, CUstreamCaptureStatus *Status) {
  return withBackend([&](Backend &) {
    return calls::captureInfo(stream(Stream),
                              reinterpret_cast<cudaStreamCaptureStatus *>(Status),
                              nullptr, nullptr, nullptr, nullptr, nullptr);
  });
}
CUresult cuStreamGetCaptureInfo_v3(CUstream Stream,
                                   CUstreamCaptureStatus *Status,
                                   unsigned long long *Id, CUgraph *Graph,
                                   const CUgraphNode **Deps,
                                   const CUgraphEdgeData **EdgeData,
                                   size_t *NumDeps) {
  return withBackend([&](Backend &) {
    return calls::captureInfo(
        stream(Stream), reinterpret_cast<cudaStreamCaptureStatus *>(Status), Id,
        graphOut(Graph), reinterpret_cast<const cudaGraphNode_t **>(Deps),
        reinterpret_cast<const cudaGraphEdgeData **>(EdgeData), NumDeps);
  });
}
CUresult cuStreamGetCaptureInfo(CUstream Stream, CUstreamCaptureStatus *Status,
                                unsigned long long *Id, CUgraph *Graph,
                                const CUgraphNode **Deps, size_t *NumDeps) {
  return cuStreamGetCaptureInfo_v3(Stream, Status, Id, Graph, Deps, nullptr,
                                   NumDeps);
}
CUresult cuStreamGetCaptureInfo_v2(CUstream Stream,
                                   CUstreamCaptureStatus *Status,
                                   unsigned long long *Id, CUgraph *Graph,
                                   const CUgraphNode **Deps, size_t *NumDeps) {
  return cuStreamGetCaptureInfo_v3(Stream, Status, Id, Graph, Deps, nullptr,
                                   NumDeps);
}
CUresult cuStreamUpdateCaptureDependencies(CUstream Stream, CUgraphNode *Deps,
                                           size_t Count, unsigned Flags) {
  return plain(calls::updateCaptureDependencies(
      stream(Stream), reinterpret_cast<cudaGraphNode_t *>(Deps), Count, Flags));
}
CUresult cuStreamUpdateCaptureDependencies_v2(CUstream Stream,
                                              CUgraphNode *Deps,
                                              const CUgraphEdgeData *,
                                              size_t Count, unsigned Flags) {
  return cuStreamUpdateCaptureDependencies(Stream, Deps, Count, Flags);
}
CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *Mode) {
  return plain(calls::exchangeCaptureMode(
      reinterpret_cast<cudaStreamCaptureMode *>(Mode)));
}

//--- Graphs ------------------------------------------------------------------

CUresult cuGraphCreate(CUgraph *Graph, unsigned Flags) {
  return plain(calls::graphCreate(graphOut(Graph), Flags));
}
CUresult cuGraphDestroy(CUgraph Graph) {
  return plain(calls::graphDestroy(graph(Graph)));
}
CUresult cuGraphClone(CUgraph *Clone, CUgraph Original) {
  return plain(calls::graphClone(graphOut(Clone), graph(Original)));
}
CUresult cuGraphNodeFindInClone(CUgraphNode *Node, CUgraphNode Original,
                                CUgraph Clone) {
  return plain(
      calls::nodeFindInClone(nodeOut(Node), node(Original), graph(Clone)));
}
CUresult cuGraphDebugDotPrint(CUgraph Graph, const char *Path,
                              unsigned Flags) {
  return plain(calls::debugDotPrint(graph(Graph), Path, Flags));
}

CUresult cuGraphAddNode_v2(CUgraphNode *Node, CUgraph Graph,
                           const CUgraphNode *Deps, const CUgraphEdgeData *,
                           size_t Count, CUgraphNodeParams *Params) {
  if (!Params)
    return CUDA_ERROR_INVALID_VALUE;
  if (Params->type == CU_GRAPH_NODE_TYPE_GRAPH)
    return plain(calls::addChildGraphNode(nodeOut(Node), graph(Graph),
                                          nodes(Deps), Count,
                                          graph(Params->graph.graph)));
  if (Params->type == CU_GRAPH_NODE_TYPE_CONDITIONAL) {
    cudaConditionalNodeParams C{};
    C.handle = Params->conditional.handle;
    C.type = cudaGraphConditionalNodeType(Params->conditional.type);
    C.size = Params->conditional.size;
    cudaError_t Status = calls::addConditionalNode(nodeOut(Node), graph(Graph),
                                                   nodes(Deps), Count, C);
    Params->conditional.phGraph_out = reinterpret_cast<CUgraph *>(C.phGraph_out);
    return plain(Status);
  }
  return withParams(
      [&](Backend &B, NodeParams &P) { return genericParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count,
                              std::move(P));
      });
}
CUresult cuGraphAddNode(CUgraphNode *Node, CUgraph Graph,
                        const CUgraphNode *Deps, size_t Count,
                        CUgraphNodeParams *Params) {
  return cuGraphAddNode_v2(Node, Graph, Deps, nullptr, Count, Params);
}
CUresult cuGraphNodeSetParams(CUgraphNode Node, CUgraphNodeParams *Params) {
  if (!Params || Params->type == CU_GRAPH_NODE_TYPE_MEM_ALLOC)
    return CUDA_ERROR_INVALID_VALUE;
  return withParams(
      [&](Backend &B, NodeParams &P) { return genericParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::setNodeParams(node(Node), std::move(P));
      });
}
CUresult cuGraphExecNodeSetParams(CUgraphExec Exec, CUgraphNode Node,
                                  CUgraphNodeParams *Params) {
  if (!Params || Params->type == CU_GRAPH_NODE_TYPE_MEM_ALLOC ||
      Params->type == CU_GRAPH_NODE_TYPE_CONDITIONAL)
    return CUDA_ERROR_INVALID_VALUE;
  if (Params->type == CU_GRAPH_NODE_TYPE_GRAPH)
    return plain(calls::execChildGraphNodeSetParams(
        exec(Exec), node(Node), graph(Params->graph.graph)));
  return withParams(
      [&](Backend &B, NodeParams &P) { return genericParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::setExecNodeParams(exec(Exec), node(Node), P);
      });
}

// Kernel nodes.
CUresult cuGraphAddKernelNode(CUgraphNode *Node, CUgraph Graph,
                              const CUgraphNode *Deps, size_t Count,
                              const CUDA_KERNEL_NODE_PARAMS *Params) {
  return withParams(
      [&](Backend &B, NodeParams &P) { return kernelParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count,
                              std::move(P));
      });
}
CUresult cuGraphAddKernelNode_v2(CUgraphNode *Node, CUgraph Graph,
                                 const CUgraphNode *Deps, size_t Count,
                                 const CUDA_KERNEL_NODE_PARAMS *Params) {
  return cuGraphAddKernelNode(Node, Graph, Deps, Count, Params);
}
CUresult cuGraphKernelNodeGetParams(CUgraphNode Node,
                                    CUDA_KERNEL_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeKernel, [&](NodeParams &P) {
    KernelCall &K = P.Kernel;
    std::memset(Out, 0, sizeof *Out);
    Out->func = static_cast<CUfunction>(K.UserFunction);
    Out->gridDimX = K.Grid.X, Out->gridDimY = K.Grid.Y, Out->gridDimZ = K.Grid.Z;
    Out->blockDimX = K.Block.X, Out->blockDimY = K.Block.Y;
    Out->blockDimZ = K.Block.Z;
    Out->sharedMemBytes = K.SharedMem;
    Out->kernelParams = K.arguments();
  });
}
CUresult cuGraphKernelNodeGetParams_v2(CUgraphNode Node,
                                       CUDA_KERNEL_NODE_PARAMS *Out) {
  return cuGraphKernelNodeGetParams(Node, Out);
}
CUresult cuGraphKernelNodeSetParams(CUgraphNode Node,
                                    const CUDA_KERNEL_NODE_PARAMS *Params) {
  return withParams(
      [&](Backend &B, NodeParams &P) { return kernelParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::setNodeParams(node(Node), std::move(P));
      });
}
CUresult cuGraphKernelNodeSetParams_v2(CUgraphNode Node,
                                       const CUDA_KERNEL_NODE_PARAMS *Params) {
  return cuGraphKernelNodeSetParams(Node, Params);
}
CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode Dst, CUgraphNode Src) {
  return plain(calls::kernelNodeCopyAttributes(node(Src), node(Dst)));
}
CUresult cuGraphKernelNodeGetAttribute(CUgraphNode Node,
                                       CUkernelNodeAttrID Attribute,
                                       CUkernelNodeAttrValue *Out) {
  static_assert(sizeof(CUkernelNodeAttrValue) == sizeof(cudaLaunchAttributeValue));
  return plain(calls::kernelNodeGetAttribute(
      node(Node), Attribute, reinterpret_cast<cudaLaunchAttributeValue *>(Out)));
}
CUresult cuGraphKernelNodeSetAttribute(CUgraphNode Node,
                                       CUkernelNodeAttrID Attribute,
                                       const CUkernelNodeAttrValue *Value) {
  return plain(calls::kernelNodeSetAttribute(
      node(Node), Attribute,
      reinterpret_cast<const cudaLaunchAttributeValue *>(Value)));
}

// Copy, memset and host nodes.
CUresult cuGraphAddMemcpyNode(CUgraphNode *Node, CUgraph Graph,
                              const CUgraphNode *Deps, size_t Count,
                              const CUDA_MEMCPY3D *Params, CUcontext) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return result(Status);
  return plain(
      calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count, P));
}
CUresult cuGraphMemcpyNodeGetParams(CUgraphNode Node, CUDA_MEMCPY3D *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeMemcpy,
                 [&](NodeParams &P) { copyParamsOut(P.Copy, *Out); });
}
CUresult cuGraphMemcpyNodeSetParams(CUgraphNode Node,
                                    const CUDA_MEMCPY3D *Params) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return result(Status);
  return plain(calls::setNodeParams(node(Node), std::move(P)));
}
CUresult cuGraphAddMemsetNode(CUgraphNode *Node, CUgraph Graph,
                              const CUgraphNode *Deps, size_t Count,
                              const CUDA_MEMSET_NODE_PARAMS *Params,
                              CUcontext) {
  NodeParams P;
  if (cudaError_t Status = memsetParams(Params, P))
    return result(Status);
  return plain(
      calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count, P));
}
CUresult cuGraphMemsetNodeGetParams(CUgraphNode Node,
                                    CUDA_MEMSET_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeMemset, [&](NodeParams &P) {
    *Out = {address(P.Memset.dst), P.Memset.pitch,  P.Memset.value,
            P.Memset.elementSize,  P.Memset.width, P.Memset.height};
  });
}
CUresult cuGraphMemsetNodeSetParams(CUgraphNode Node,
                                    const CUDA_MEMSET_NODE_PARAMS *Params) {
  NodeParams P;
  if (cudaError_t Status = memsetParams(Params, P))
    return result(Status);
  return plain(calls::setNodeParams(node(Node), std::move(P)));
}
CUresult cuGraphAddHostNode(CUgraphNode *Node, CUgraph Graph,
                            const CUgraphNode *Deps, size_t Count,
                            const CUDA_HOST_NODE_PARAMS *Params) {
  NodeParams P;
  if (cudaError_t Status = hostParams(Params, P))
    return result(Status);
  return plain(
      calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count, P));
}
CUresult cuGraphHostNodeGetParams(CUgraphNode Node,
                                  CUDA_HOST_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeHost, [&](NodeParams &P) {
    *Out = {P.Host.fn, P.Host.userData};
  });
}
CUresult cuGraphHostNodeSetParams(CUgraphNode Node,
                                  const CUDA_HOST_NODE_PARAMS *Params) {
  NodeParams P;
  if (cudaError_t Status = hostParams(Params, P))
    return result(Status);
  return plain(calls::setNodeParams(node(Node), std::move(P)));
}

// Child graph, empty and event nodes.
CUresult cuGraphAddChildGraphNode(CUgraphNode *Node, CUgraph Graph,
                                  const CUgraphNode *Deps, size_t Count,
                                  CUgraph Child) {
  return plain(calls::addChildGraphNode(nodeOut(Node), graph(Graph),
                                        nodes(Deps), Count, graph(Child)));
}
CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode Node, CUgraph *Out) {
  return plain(calls::childGraphNodeGetGraph(node(Node), graphOut(Out)));
}
CUresult cuGraphAddEmptyNode(CUgraphNode *Node, CUgraph Graph,
                             const CUgraphNode *Deps, size_t Count) {
  NodeParams P;
  P.Type = cudaGraphNodeTypeEmpty;
  return plain(
      calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count, P));
}

static CUresult addEventNode(CUgraphNode *Node, CUgraph Graph,
                             const CUgraphNode *Deps, size_t Count,
                             CUevent Event, cudaGraphNodeType Type) {
  NodeParams P;
  if (cudaError_t Status = calls::eventParams(event(Event), Type, P))
    return result(Status);
  return plain(
      calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count, P));
}
static CUresult eventOf(CUgraphNode Node, cudaGraphNodeType Type,
                        CUevent *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, Type, [&](NodeParams &P) {
    *Out = reinterpret_cast<CUevent>(P.Event);
  });
}
static CUresult setEventOf(CUgraphNode Node, cudaGraphNodeType Type,
                           CUevent Event) {
  NodeParams P;
  if (cudaError_t Status = calls::eventParams(event(Event), Type, P))
    return result(Status);
  return plain(calls::setNodeParams(node(Node), std::move(P)));
}
static CUresult setExecEvent(CUgraphExec Exec, CUgraphNode Node, CUevent Event,
                             cudaGraphNodeType Type) {
  NodeParams P;
  if (cudaError_t Status = calls::eventParams(event(Event), Type, P))
    return result(Status);
  return plain(calls::setExecNodeParams(exec(Exec), node(Node), P));
}
CUresult cuGraphAddEventRecordNode(CUgraphNode *Node, CUgraph Graph,
                                   const CUgraphNode *Deps, size_t Count,
                                   CUevent Event) {
  return addEventNode(Node, Graph, Deps, Count, Event,
                      cudaGraphNodeTypeEventRecord);
}
CUresult cuGraphAddEventWaitNode(CUgraphNode *Node, CUgraph Graph,
                                 const CUgraphNode *Deps, size_t Count,
                                 CUevent Event) {
  return addEventNode(Node, Graph, Deps, Count, Event,
                      cudaGraphNodeTypeWaitEvent);
}
CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode Node, CUevent *Out) {
  return eventOf(Node, cudaGraphNodeTypeEventRecord, Out);
}
CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode Node, CUevent Event) {
  return setEventOf(Node, cudaGraphNodeTypeEventRecord, Event);
}
CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode Node, CUevent *Out) {
  return eventOf(Node, cudaGraphNodeTypeWaitEvent, Out);
}
CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode Node, CUevent Event) {
  return setEventOf(Node, cudaGraphNodeTypeWaitEvent, Event);
}
CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec Exec, CUgraphNode Node,
                                            CUevent Event) {
  return setExecEvent(Exec, Node, Event, cudaGraphNodeTypeEventRecord);
}
CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec Exec, CUgraphNode Node,
                                          CUevent Event) {
  return setExecEvent(Exec, Node, Event, cudaGraphNodeTypeWaitEvent);
}

// Memory nodes.
CUresult cuGraphAddMemAllocNode(CUgraphNode *Node, CUgraph Graph,
                                const CUgraphNode *Deps, size_t Count,
                                CUDA_MEM_ALLOC_NODE_PARAMS *Params) {
  if (!Node || !Params)
    return CUDA_ERROR_INVALID_VALUE;
  return withParams(
      [&](Backend &B, NodeParams &P) {
        cudaMemAllocNodeParams A = allocParamsIn(*Params);
        cudaError_t Status = calls::allocParams(B, &A, P);
        Params->dptr = address(A.dptr);
        return Status;
      },
      [&](NodeParams P) {
        return calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count,
                              std::move(P));
      });
}
CUresult cuGraphMemAllocNodeGetParams(CUgraphNode Node,
                                      CUDA_MEM_ALLOC_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeMemAlloc, [&](NodeParams &P) {
    std::memset(Out, 0, sizeof *Out);
    std::memcpy(&Out->poolProps, &P.Alloc.poolProps, sizeof Out->poolProps);
    Out->bytesize = P.Alloc.bytesize;
    Out->dptr = address(P.Alloc.dptr);
  });
}
CUresult cuGraphAddMemFreeNode(CUgraphNode *Node, CUgraph Graph,
                               const CUgraphNode *Deps, size_t Count,
                               CUdeviceptr Pointer) {
  NodeParams P;
  if (cudaError_t Status = calls::freeParams(pointer(Pointer), P))
    return result(Status);
  return plain(
      calls::addNode(nodeOut(Node), graph(Graph), nodes(Deps), Count, P));
}
CUresult cuGraphMemFreeNodeGetParams(CUgraphNode Node, CUdeviceptr *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeMemFree,
                 [&](NodeParams &P) { *Out = address(P.FreePointer); });
}
CUresult cuDeviceGraphMemTrim(CUdevice Device) {
  return withBackend([&](Backend &B) { return calls::graphMemTrim(B, Device); });
}
CUresult cuDeviceGetGraphMemAttribute(CUdevice Device,
                                      CUgraphMem_attribute Attribute,
                                      void *Value) {
  return withBackend([&](Backend &B) {
    return calls::getGraphMemAttribute(
        B, Device, cudaGraphMemAttributeType(Attribute), Value);
  });
}
CUresult cuDeviceSetGraphMemAttribute(CUdevice Device,
                                      CUgraphMem_attribute Attribute,
                                      void *Value) {
  return withBackend([&](Backend &B) {
    return calls::setGraphMemAttribute(
        B, Device, cudaGraphMemAttributeType(Attribute), Value);
  });
}
CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *Out,
                                        CUgraph Graph, CUcontext,
                                        unsigned DefaultValue,
                                        unsigned Flags) {
  return withBackend([&](Backend &B) {
    return calls::conditionalHandleCreate(B, Out, graph(Graph), DefaultValue,
                                          Flags);
  });
}

// Nodes and edges.
CUresult cuGraphNodeGetType(CUgraphNode Node, CUgraphNodeType *Type) {
  return plain(calls::nodeGetType(node(Node),
                                  reinterpret_cast<cudaGraphNodeType *>(Type)));
}
CUresult cuGraphGetNodes(CUgraph Graph, CUgraphNode *Out, size_t *Count) {
  return plain(calls::getNodes(graph(Graph), nodeOut(Out), Count));
}
CUresult cuGraphGetRootNodes(CUgraph Graph, CUgraphNode *Out, size_t *Count) {
  return plain(calls::getRootNodes(graph(Graph), nodeOut(Out), Count));
}
CUresult cuGraphGetEdges_v2(CUgraph Graph, CUgraphNode *From, CUgraphNode *To,
                            CUgraphEdgeData *Data, size_t *Count) {
  return plain(calls::getEdges(graph(Graph), nodeOut(From), nodeOut(To),
                               edges(Data), Count));
}
CUresult cuGraphGetEdges(CUgraph Graph, CUgraphNode *From, CUgraphNode *To,
                         size_t *Count) {
  return cuGraphGetEdges_v2(Graph, From, To, nullptr, Count);
}
CUresult cuGraphNodeGetDependencies_v2(CUgraphNode Node, CUgraphNode *Out,
                                       CUgraphEdgeData *Data, size_t *Count) {
  return plain(calls::nodeGetDependencies(node(Node), nodeOut(Out),
                                          edges(Data), Count));
}
CUresult cuGraphNodeGetDependencies(CUgraphNode Node, CUgraphNode *Out,
                                    size_t *Count) {
  return cuGraphNodeGetDependencies_v2(Node, Out, nullptr, Count);
}
CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode Node, CUgraphNode *Out,
                                         CUgraphEdgeData *Data,
                                         size_t *Count) {
  return plain(calls::nodeGetDependentNodes(node(Node), nodeOut(Out),
                                            edges(Data), Count));
}
CUresult cuGraphNodeGetDependentNodes(CUgraphNode Node, CUgraphNode *Out,
                                      size_t *Count) {
  return cuGraphNodeGetDependentNodes_v2(Node, Out, nullptr, Count);
}
CUresult cuGraphAddDependencies(CUgraph Graph, const CUgraphNode *From,
                                const CUgraphNode *To, size_t Count) {
  return plain(calls::changeDependencies(graph(Graph), nodes(From), nodes(To),
                                         Count, true));
}
CUresult cuGraphAddDependencies_v2(CUgraph Graph, const CUgraphNode *From,
                                   const CUgraphNode *To,
                                   const CUgraphEdgeData *, size_t Count) {
  return cuGraphAddDependencies(Graph, From, To, Count);
}
CUresult cuGraphRemoveDependencies(CUgraph Graph, const CUgraphNode *From,
                                   const CUgraphNode *To, size_t Count) {
  return plain(calls::changeDependencies(graph(Graph), nodes(From), nodes(To),
                                         Count, false));
}
CUresult cuGraphRemoveDependencies_v2(CUgraph Graph, const CUgraphNode *From,
                                      const CUgraphNode *To,
                                      const CUgraphEdgeData *, size_t Count) {
  return cuGraphRemoveDependencies(Graph, From, To, Count);
}
CUresult cuGraphDestroyNode(CUgraphNode Node) {
  return plain(calls::destroyNode(node(Node)));
}

// Executable graphs.
CUresult cuGraphInstantiateWithFlags(CUgraphExec *Exec, CUgraph Graph,
                                     unsigned long long Flags) {
  return plain(calls::instantiate(reinterpret_cast<cudaGraphExec_t *>(Exec),
                                  graph(Graph), Flags, nullptr));
}
CUresult cuGraphInstantiateWithParams(CUgraphExec *Exec, CUgraph Graph,
                                      CUDA_GRAPH_INSTANTIATE_PARAMS *Params) {
  if (!Params)
    return CUDA_ERROR_INVALID_VALUE;
  static_assert(sizeof(CUDA_GRAPH_INSTANTIATE_PARAMS) ==
                sizeof(cudaGraphInstantiateParams));
  return plain(calls::instantiate(
      reinterpret_cast<cudaGraphExec_t *>(Exec), graph(Graph), Params->flags,
      reinterpret_cast<cudaGraphInstantiateParams *>(Params)));
}
CUresult cuGraphExecGetFlags(CUgraphExec Exec, unsigned long long *Flags) {
  return plain(calls::execGetFlags(exec(Exec), Flags));
}
CUresult cuGraphExecKernelNodeSetParams(CUgraphExec Exec, CUgraphNode Node,
                                        const CUDA_KERNEL_NODE_PARAMS *Params) {
  return withParams(
      [&](Backend &B, NodeParams &P) { return kernelParams(B, Params, P); },
      [&](NodeParams P) {
        return calls::setExecNodeParams(exec(Exec), node(Node), P);
      });
}
CUresult
cuGraphExecKernelNodeSetParams_v2(CUgraphExec Exec, CUgraphNode Node,
                                  const CUDA_KERNEL_NODE_PARAMS *Params) {
  return cuGraphExecKernelNodeSetParams(Exec, Node, Params);
}
CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec Exec, CUgraphNode Node,
                                        const CUDA_MEMCPY3D *Params,
                                        CUcontext) {
  NodeParams P;
  if (cudaError_t Status = copyParams(Params, P))
    return result(Status);
  return plain(calls::setExecNodeParams(exec(Exec), node(Node), P));
}
CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec Exec, CUgraphNode Node,
                                        const CUDA_MEMSET_NODE_PARAMS *Params,
                                        CUcontext) {
  NodeParams P;
  if (cudaError_t Status = memsetParams(Params, P))
    return result(Status);
  return plain(calls::setExecNodeParams(exec(Exec), node(Node), P));
}
CUresult cuGraphExecHostNodeSetParams(CUgraphExec Exec, CUgraphNode Node,
                                      const CUDA_HOST_NODE_PARAMS *Params) {
  NodeParams P;
  if (cudaError_t Status = hostParams(Params, P))
    return result(Status);
  return plain(calls::setExecNodeParams(exec(Exec), node(Node), P));
}
CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec Exec, CUgraphNode Node,
                                            CUgraph Child) {
  return plain(
      calls::execChildGraphNodeSetParams(exec(Exec), node(Node), graph(Child)));
}
CUresult cuGraphNodeSetEnabled(CUgraphExec Exec, CUgraphNode Node,
                               unsigned Enabled) {
  return plain(calls::nodeSetEnabled(exec(Exec), node(Node), Enabled));
}
CUresult cuGraphNodeGetEnabled(CUgraphExec Exec, CUgraphNode Node,
                               unsigned *Enabled) {
  return plain(calls::nodeGetEnabled(exec(Exec), node(Node), Enabled));
}
CUresult cuGraphExecUpdate_v2(CUgraphExec Exec, CUgraph Graph,
                              CUgraphExecUpdateResultInfo *Info) {
  static_assert(sizeof(CUgraphExecUpdateResultInfo) ==
                sizeof(cudaGraphExecUpdateResultInfo));
  return plain(calls::execUpdate(
      exec(Exec), graph(Graph),
      reinterpret_cast<cudaGraphExecUpdateResultInfo *>(Info)));
}
CUresult cuGraphExecUpdate(CUgraphExec Exec, CUgraph Graph,
                           CUgraphExecUpdateResultInfo *Info) {
  return cuGraphExecUpdate_v2(Exec, Graph, Info);
}
CUresult cuGraphUpload(CUgraphExec Exec, CUstream) {
  return plain(calls::upload(exec(Exec)));
}
CUresult cuGraphLaunch(CUgraphExec Exec, CUstream Stream) {
  return withBackend(
      [&](Backend &B) { return calls::launch(B, exec(Exec), stream(Stream)); });
}
CUresult cuGraphExecDestroy(CUgraphExec Exec) {
  return plain(calls::execDestroy(exec(Exec)));
}

// User objects.
CUresult cuUserObjectCreate(CUuserObject *Out, void *Pointer, CUhostFn Destroy,
                            unsigned Count, unsigned Flags) {
  return plain(calls::userObjectCreate(
      reinterpret_cast<cudaUserObject_t *>(Out), Pointer, Destroy, Count,
      Flags));
}
CUresult cuUserObjectRetain(CUuserObject Object, unsigned Count) {
  return plain(calls::userObjectRetain(
      reinterpret_cast<cudaUserObject_t>(Object), Count));
}
CUresult cuUserObjectRelease(CUuserObject Object, unsigned Count) {
  return plain(calls::userObjectRelease(
      reinterpret_cast<cudaUserObject_t>(Object), Count));
}
CUresult cuGraphRetainUserObject(CUgraph Graph, CUuserObject Object,
                                 unsigned Count, unsigned Flags) {
  return plain(calls::graphRetainUserObject(
      graph(Graph), reinterpret_cast<cudaUserObject_t>(Object), Count, Flags));
}
CUresult cuGraphReleaseUserObject(CUgraph Graph, CUuserObject Object,
                                  unsigned Count) {
  return plain(calls::graphReleaseUserObject(
      graph(Graph), reinterpret_cast<cudaUserObject_t>(Object), Count));
}

//--- Stream-ordered memory ------------------------------------------------------

CUresult cuMemAllocAsync(CUdeviceptr *Out, size_t Bytes, CUstream Stream) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    void *P = nullptr;
    cudaError_t Status =
        calls::mallocAsync(B, &P, Bytes, nullptr, stream(Stream));
    *Out = address(P);
    return Status;
  });
}
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *Out, size_t Bytes,
                                 CUmemoryPool Pool, CUstream Stream) {
  if (!Out || !Pool)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    void *P = nullptr;
    cudaError_t Status =
        calls::mallocAsync(B, &P, Bytes, pool(Pool), stream(Stream));
    *Out = address(P);
    return Status;
  });
}
CUresult cuMemFreeAsync(CUdeviceptr Pointer, CUstream Stream) {
  return withBackend([&](Backend &) {
    return calls::freeAsync(pointer(Pointer), stream(Stream));
  });
}
CUresult cuMemPoolCreate(CUmemoryPool *Out, const CUmemPoolProps *Props) {
  return withBackend([&](Backend &B) {
    return calls::poolCreate(B, reinterpret_cast<cudaMemPool_t *>(Out),
                             reinterpret_cast<const cudaMemPoolProps *>(Props));
  });
}
CUresult cuMemPoolDestroy(CUmemoryPool Pool) {
  return withBackend([&](Backend &B) { return calls::poolDestroy(B, pool(Pool)); });
}
CUresult cuMemPoolTrimTo(CUmemoryPool Pool, size_t Keep) {
  return plain(calls::poolTrimTo(pool(Pool), Keep));
}
CUresult cuMemPoolSetAttribute(CUmemoryPool Pool, CUmemPool_attribute Attribute,
                               void *Value) {
  return plain(
      calls::poolSetAttribute(pool(Pool), cudaMemPoolAttr(Attribute), Value));
}
CUresult cuMemPoolGetAttribute(CUmemoryPool Pool, CUmemPool_attribute Attribute,
                               void *Value) {
  return plain(
      calls::poolGetAttribute(pool(Pool), cudaMemPoolAttr(Attribute), Value));
}
CUresult cuMemPoolSetAccess(CUmemoryPool Pool, const CUmemAccessDesc *List,
                            size_t Count) {
  return withBackend([&](Backend &B) {
    return calls::poolSetAccess(
        B, pool(Pool), reinterpret_cast<const cudaMemAccessDesc *>(List), Count);
  });
}
CUresult cuMemPoolGetAccess(CUmemAccess_flags *Flags, CUmemoryPool Pool,
                            CUmemLocation *Location) {
  return plain(calls::poolGetAccess(
      reinterpret_cast<cudaMemAccessFlags *>(Flags), pool(Pool),
      reinterpret_cast<const cudaMemLocation *>(Location)));
}
CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *Out, CUdevice Device) {
  return withBackend([&](Backend &B) {
    return calls::deviceGetDefaultMemPool(
        B, reinterpret_cast<cudaMemPool_t *>(Out), Device);
  });
}
CUresult cuDeviceGetMemPool(CUmemoryPool *Out, CUdevice Device) {
  return withBackend([&](Backend &B) {
    return calls::deviceGetMemPool(B, reinterpret_cast<cudaMemPool_t *>(Out),
                                   Device);
  });
}
CUresult cuDeviceSetMemPool(CUdevice Device, CUmemoryPool Pool) {
  return withBackend(
      [&](Backend &B) { return calls::deviceSetMemPool(B, Device, pool(Pool)); });
}
static bool isDeviceLocation(const CUmemLocation *Location,
                             CUmemAllocationType Type) {
  return Location && Location->type == CU_MEM_LOCATION_TYPE_DEVICE &&
         Type == CU_MEM_ALLOCATION_TYPE_PINNED;
}
CUresult cuMemGetDefaultMemPool(CUmemoryPool *Out, CUmemLocation *Location,
                                CUmemAllocationType Type) {
  if (!isDeviceLocation(Location, Type))
    return CUDA_ERROR_NOT_SUPPORTED;
  return cuDeviceGetDefaultMemPool(Out, Location->id);
}
CUresult cuMemGetMemPool(CUmemoryPool *Out, CUmemLocation *Location,
                         CUmemAllocationType Type) {
  if (!isDeviceLocation(Location, Type))
    return CUDA_ERROR_NOT_SUPPORTED;
  return cuDeviceGetMemPool(Out, Location->id);
}
CUresult cuMemSetMemPool(CUmemLocation *Location, CUmemAllocationType Type,
                         CUmemoryPool Pool) {
  if (!isDeviceLocation(Location, Type))
    return CUDA_ERROR_NOT_SUPPORTED;
  return cuDeviceSetMemPool(Location->id, Pool);
}
CUresult cuMemPoolExportToShareableHandle(void *Handle, CUmemoryPool Pool,
                                          CUmemAllocationHandleType Type,
                                          unsigned long long Flags) {
  return plain(
      calls::poolExportToShareableHandle(pool(Pool), Handle, Type, Flags));
}
CUresult cuMemPoolImportFromShareableHandle(CUmemoryPool *Out, void *Handle,
                                            CUmemAllocationHandleType Type,
                                            unsigned long long Flags) {
  return withBackend([&](Backend &B) {
    return calls::poolImportFromShareableHandle(
        B, reinterpret_cast<cudaMemPool_t *>(Out), Handle, Type, Flags);
  });
}
CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *Data,
                                CUdeviceptr Pointer) {
  return plain(calls::poolExportPointer(Data, pointer(Pointer)));
}
CUresult cuMemPoolImportPointer(CUdeviceptr *Out, CUmemoryPool Pool,
                                CUmemPoolPtrExportData *Data) {
  return plain(calls::poolImportPointer(reinterpret_cast<void **>(Out),
                                        pool(Pool), Data));
}

} // extern "C"
