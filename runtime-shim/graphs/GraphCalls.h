//===- GraphCalls.h - The graph, capture and pool calls of both APIs -*- C++ -*-===//
//
// Part of Rubicon. The bodies of the cudaGraph*/cuGraph*, stream capture and
// memory pool functions, written once over the runtime API's types: handle
// checks, queries, edits. Each returns the runtime API's error; libcudart
// records it (GraphApi.cpp, MemPoolApi.cpp) and libcuda translates it
// (DriverGraphApi.cpp). Parameter structs of either API are converted to
// NodeParams by the API layer; the checks on them are here.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_GRAPHCALLS_H
#define RUBICON_GRAPHS_GRAPHCALLS_H

#include "Executor.h"
#include "MemPool.h"

namespace rubicon::graphs::calls {

//--- Parameters --------------------------------------------------------------
cudaError_t copyParams(const cudaMemcpy3DParms *Copy, NodeParams &P);
cudaMemcpy3DParms linearCopy(void *Dst, const void *Src, size_t Count,
                             cudaMemcpyKind Kind);
cudaError_t memsetParams(const cudaMemsetParams *Memset, NodeParams &P);
cudaError_t hostParams(const cudaHostNodeParams *Host, NodeParams &P);
cudaError_t eventParams(cudaEvent_t Event, cudaGraphNodeType Type,
                        NodeParams &P);
/// An allocation node's parameters: its memory is allocated now.
cudaError_t allocParams(Backend &B, cudaMemAllocNodeParams *Alloc,
                        NodeParams &P);
cudaError_t freeParams(void *Pointer, NodeParams &P);
/// An external semaphore node: signals when SignalParams is given, else
/// waits with WaitParams; the arrays are copied.
cudaError_t
externalSemaphoreParams(const cudaExternalSemaphore_t *Semaphores,
                        const cudaExternalSemaphoreSignalParams *SignalParams,
                        const cudaExternalSemaphoreWaitParams *WaitParams,
                        unsigned Count, NodeParams &P);
/// A batch memory operation node (the driver API checked the operations).
void memOperationParams(const std::vector<MemOperation> &Ops,
                        const void *Records, size_t RecordBytes,
                        unsigned Flags, NodeParams &P);

//--- Graphs and nodes ----------------------------------------------------------
cudaError_t graphCreate(cudaGraph_t *Out, unsigned Flags);
cudaError_t graphDestroy(cudaGraph_t Graph);
cudaError_t graphClone(cudaGraph_t *Out, cudaGraph_t Original);
cudaError_t nodeFindInClone(cudaGraphNode_t *Out, cudaGraphNode_t Original,
                            cudaGraph_t Clone);
cudaError_t debugDotPrint(cudaGraph_t Graph, const char *Path, unsigned Flags);
cudaError_t addNode(cudaGraphNode_t *Out, cudaGraph_t Graph,
                    const cudaGraphNode_t *Deps, size_t Count, NodeParams P);
cudaError_t addChildGraphNode(cudaGraphNode_t *Out, cudaGraph_t Graph,
                              const cudaGraphNode_t *Deps, size_t Count,
                              cudaGraph_t Child);
cudaError_t addConditionalNode(cudaGraphNode_t *Out, cudaGraph_t Graph,
                               const cudaGraphNode_t *Deps, size_t Count,
                               cudaConditionalNodeParams &Params);
cudaError_t childGraphNodeGetGraph(cudaGraphNode_t Node, cudaGraph_t *Out);
/// Replaces a node's parameters (same type; kernel attributes stay).
cudaError_t setNodeParams(cudaGraphNode_t Node, NodeParams P);
/// The parameters of a node of type Type (under the graph lock: the caller
/// copies what it needs before the next call).
cudaError_t nodeParams(cudaGraphNode_t Node, cudaGraphNodeType Type,
                       NodeParams *&Out);
cudaError_t nodeGetType(cudaGraphNode_t Node, cudaGraphNodeType *Out);
cudaError_t getNodes(cudaGraph_t Graph, cudaGraphNode_t *Out, size_t *Count);
cudaError_t getRootNodes(cudaGraph_t Graph, cudaGraphNode_t *Out,
                         size_t *Count);
cudaError_t getEdges(cudaGraph_t Graph, cudaGraphNode_t *From,
                     cudaGraphNode_t *To, cudaGraphEdgeData *Data,
                     size_t *Count);
cudaError_t nodeGetDependencies(cudaGraphNode_t Node, cudaGraphNode_t *Out,
                                cudaGraphEdgeData *Data, size_t *Count);
cudaError_t nodeGetDependentNodes(cudaGraphNode_t Node, cudaGraphNode_t *Out,
                                  cudaGraphEdgeData *Data, size_t *Count);
cudaError_t changeDependencies(cudaGraph_t Graph, const cudaGraphNode_t *From,
                               const cudaGraphNode_t *To, size_t Count,
                               bool Add);
cudaError_t destroyNode(cudaGraphNode_t Node);
cudaError_t kernelNodeCopyAttributes(cudaGraphNode_t Src, cudaGraphNode_t Dst);
cudaError_t kernelNodeGetAttribute(cudaGraphNode_t Node, int Attribute,
                                   cudaLaunchAttributeValue *Out);
cudaError_t kernelNodeSetAttribute(cudaGraphNode_t Node, int Attribute,
                                   const cudaLaunchAttributeValue *Value);
cudaError_t conditionalHandleCreate(Backend &B,
                                    cudaGraphConditionalHandle *Out,
                                    cudaGraph_t Graph, unsigned DefaultValue,
                                    unsigned Flags);

//--- Executable graphs -------------------------------------------------------
cudaError_t instantiate(cudaGraphExec_t *Out, cudaGraph_t Graph,
                        unsigned long long Flags,
                        cudaGraphInstantiateParams *Params);
cudaError_t execGetFlags(cudaGraphExec_t Exec, unsigned long long *Flags);
cudaError_t setExecNodeParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                              const NodeParams &P);
cudaError_t execChildGraphNodeSetParams(cudaGraphExec_t Exec,
                                        cudaGraphNode_t Node,
                                        cudaGraph_t Child);
cudaError_t nodeSetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                           unsigned Enabled);
cudaError_t nodeGetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                           unsigned *Enabled);
cudaError_t execUpdate(cudaGraphExec_t Exec, cudaGraph_t Graph,
                       cudaGraphExecUpdateResultInfo *Info);
cudaError_t upload(cudaGraphExec_t Exec);
cudaError_t launch(Backend &B, cudaGraphExec_t Exec, cudaStream_t Stream);
cudaError_t execDestroy(cudaGraphExec_t Exec);

//--- Graph memory --------------------------------------------------------------
cudaError_t graphMemTrim(Backend &B, int Device);
cudaError_t getGraphMemAttribute(Backend &B, int Device,
                                 cudaGraphMemAttributeType Attribute,
                                 void *Value);
cudaError_t setGraphMemAttribute(Backend &B, int Device,
                                 cudaGraphMemAttributeType Attribute,
                                 void *Value);

//--- User objects ----------------------------------------------------------------
cudaError_t userObjectCreate(cudaUserObject_t *Out, void *Pointer,
                             cudaHostFn_t Destroy, unsigned Count,
                             unsigned Flags);
cudaError_t userObjectRetain(cudaUserObject_t Object, unsigned Count);
cudaError_t userObjectRelease(cudaUserObject_t Object, unsigned Count);
cudaError_t graphRetainUserObject(cudaGraph_t Graph, cudaUserObject_t Object,
                                  unsigned Count, unsigned Flags);
cudaError_t graphReleaseUserObject(cudaGraph_t Graph, cudaUserObject_t Object,
                                   unsigned Count);

//--- Stream capture --------------------------------------------------------------
cudaError_t beginCapture(Backend &B, cudaStream_t Stream, cudaGraph_t Into,
                         const cudaGraphNode_t *Deps, size_t Count,
                         cudaStreamCaptureMode Mode);
cudaError_t endCapture(cudaStream_t Stream, cudaGraph_t *Out);
cudaError_t captureInfo(cudaStream_t Stream, cudaStreamCaptureStatus *Status,
                        unsigned long long *Id, cudaGraph_t *Graph,
                        const cudaGraphNode_t **Deps,
                        const cudaGraphEdgeData **EdgeData, size_t *NumDeps);
cudaError_t updateCaptureDependencies(cudaStream_t Stream,
                                      cudaGraphNode_t *Deps, size_t Count,
                                      unsigned Flags);
cudaError_t exchangeCaptureMode(cudaStreamCaptureMode *Mode);

//--- Memory pools ------------------------------------------------------------------
/// From Pool, or the current pool of the backend's current device.
cudaError_t mallocAsync(Backend &B, void **Ptr, size_t Size,
                        cudaMemPool_t Pool, cudaStream_t Stream);
cudaError_t freeAsync(void *Ptr, cudaStream_t Stream);
cudaError_t poolCreate(Backend &B, cudaMemPool_t *Out,
                       const cudaMemPoolProps *Props);
cudaError_t poolDestroy(Backend &B, cudaMemPool_t Pool);
cudaError_t poolTrimTo(cudaMemPool_t Pool, size_t Keep);
cudaError_t poolSetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attribute,
                             void *Value);
cudaError_t poolGetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attribute,
                             void *Value);
cudaError_t poolSetAccess(Backend &B, cudaMemPool_t Pool,
                          const cudaMemAccessDesc *List, size_t Count);
cudaError_t poolGetAccess(cudaMemAccessFlags *Flags, cudaMemPool_t Pool,
                          const cudaMemLocation *Location);
cudaError_t deviceGetDefaultMemPool(Backend &B, cudaMemPool_t *Out,
                                    int Device);
cudaError_t deviceGetMemPool(Backend &B, cudaMemPool_t *Out, int Device);
cudaError_t deviceSetMemPool(Backend &B, int Device, cudaMemPool_t Pool);
/// Export and import of pools and their pointers between processes.
/// Pools shared between processes (POSIX file descriptors; MemPool.h).
cudaError_t poolExportToShareableHandle(cudaMemPool_t Pool, void *Handle,
                                       int Type, unsigned long long Flags);
cudaError_t poolImportFromShareableHandle(Backend &B, cudaMemPool_t *Out,
                                          void *Handle, int Type,
                                          unsigned long long Flags);
cudaError_t poolExportPointer(void *Data, void *Ptr);
cudaError_t poolImportPointer(void **Ptr, cudaMemPool_t Pool, void *Data);

} // namespace rubicon::graphs::calls

#endif // RUBICON_GRAPHS_GRAPHCALLS_H
