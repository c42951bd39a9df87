//===- GraphCalls.cpp - The graph, capture and pool calls of both APIs ----===//
//
// Part of Rubicon. GraphCalls.h.
//
//===----------------------------------------------------------------------===//

#include "GraphCalls.h"

#include "Capture.h"
#include "StreamHooks.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace rubicon::graphs::calls {

namespace {

using Lock = std::lock_guard<std::recursive_mutex>;

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
MemPool *livePool(cudaMemPool_t Pool) {
  auto *P = reinterpret_cast<MemPool *>(Pool);
  return MemPool::isLive(P) ? P : nullptr;
}

cudaError_t checkDevice(Backend &B, int Device, int *CountOut = nullptr) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  if (CountOut)
    *CountOut = Count;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

void edgeDataZero(cudaGraphEdgeData *Data, size_t Count) {
  if (Data)
    std::memset(Data, 0, Count * sizeof *Data);
}

cudaError_t listNodes(const std::vector<Node *> &List, cudaGraphNode_t *Out,
                      cudaGraphEdgeData *Data, size_t *Count) {
  if (!Count)
    return cudaErrorInvalidValue;
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

} // namespace

//--- Parameters --------------------------------------------------------------

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

cudaError_t
externalSemaphoreParams(const cudaExternalSemaphore_t *Semaphores,
                        const cudaExternalSemaphoreSignalParams *SignalParams,
                        const cudaExternalSemaphoreWaitParams *WaitParams,
                        unsigned Count, NodeParams &P) {
  if (Count && (!Semaphores || (!SignalParams && !WaitParams)))
    return cudaErrorInvalidValue;
  for (unsigned I = 0; I < Count; ++I)
    if (!Semaphores[I])
      return cudaErrorInvalidValue;
  P.Type = SignalParams ? cudaGraphNodeTypeExtSemaphoreSignal
                        : cudaGraphNodeTypeExtSemaphoreWait;
  P.Semaphores.assign(Semaphores, Semaphores + Count);
  if (SignalParams)
    P.SignalParams.assign(SignalParams, SignalParams + Count);
  else
    P.WaitParams.assign(WaitParams, WaitParams + Count);
  return cudaSuccess;
}

void memOperationParams(const std::vector<MemOperation> &Ops,
                        const void *Records, size_t RecordBytes,
                        unsigned Flags, NodeParams &P) {
  P.Type = NodeTypeBatchMemOp;
  P.MemOps = Ops;
  auto *Bytes = static_cast<const unsigned char *>(Records);
  P.MemOpRecords.assign(Bytes, Bytes + RecordBytes);
  P.MemOpFlags = Flags;
}

cudaError_t eventParams(cudaEvent_t Event, cudaGraphNodeType Type,
                        NodeParams &P) {
  if (!Event)
    return cudaErrorInvalidValue;
  P.Type = Type;
  P.Event = Event;
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

cudaError_t freeParams(void *Pointer, NodeParams &P) {
  if (!Pointer)
    return cudaErrorInvalidValue;
  P.Type = cudaGraphNodeTypeMemFree;
  P.FreePointer = Pointer;
  return cudaSuccess;
}

//--- Graphs and nodes ----------------------------------------------------------

cudaError_t graphCreate(cudaGraph_t *Out, unsigned Flags) {
  if (!Out || Flags)
    return cudaErrorInvalidValue;
  *Out = toHandle(createGraph());
  return cudaSuccess;
}

cudaError_t graphDestroy(cudaGraph_t Handle) {
  Lock L(graphMutex());
  Graph *G = liveGraph(Handle);
  if (!G || G->Parent)
    return cudaErrorInvalidValue;
  destroyGraph(G);
  return cudaSuccess;
}

cudaError_t graphClone(cudaGraph_t *Out, cudaGraph_t Original) {
  Lock L(graphMutex());
  Graph *G = liveGraph(Original);
  if (!Out || !G)
    return cudaErrorInvalidValue;
  *Out = toHandle(cloneGraph(G));
  return cudaSuccess;
}

cudaError_t nodeFindInClone(cudaGraphNode_t *Out, cudaGraphNode_t Original,
                            cudaGraph_t Clone) {
  Lock L(graphMutex());
  Graph *G = liveGraph(Clone);
  if (!Out || !G || !Original)
    return cudaErrorInvalidValue;
  Node *N = findInClone(G, fromHandle(Original));
  if (!N)
    return cudaErrorInvalidValue;
  *Out = toHandle(N);
  return cudaSuccess;
}

cudaError_t debugDotPrint(cudaGraph_t Handle, const char *Path,
                          unsigned Flags) {
  Lock L(graphMutex());
  Graph *G = liveGraph(Handle);
  if (!G || !Path)
    return cudaErrorInvalidValue;
  std::FILE *File = std::fopen(Path, "w");
  if (!File)
    return cudaErrorOperatingSystem;
  std::string Text = dotText(*G, Flags);
  bool Ok = std::fwrite(Text.data(), 1, Text.size(), File) == Text.size();
  Ok &= std::fclose(File) == 0;
  return Ok ? cudaSuccess : cudaErrorOperatingSystem;
}

cudaError_t addNode(cudaGraphNode_t *Out, cudaGraph_t GraphHandle,
                    const cudaGraphNode_t *Deps, size_t Count, NodeParams P) {
  Lock L(graphMutex());
  Graph *G = liveGraph(GraphHandle);
  std::vector<Node *> DepNodes;
  if (!Out || !G || !dependencies(Deps, Count, DepNodes))
    return cudaErrorInvalidValue;
  Node *N = nullptr;
  if (cudaError_t Status = graphs::addNode(G, DepNodes, std::move(P), N))
    return Status;
  *Out = toHandle(N);
  return cudaSuccess;
}

cudaError_t addChildGraphNode(cudaGraphNode_t *Out, cudaGraph_t Graph,
                              const cudaGraphNode_t *Deps, size_t Count,
                              cudaGraph_t Child) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph), *C = liveGraph(Child);
  std::vector<Node *> Nodes;
  if (!Out || !G || !C || C == G || !dependencies(Deps, Count, Nodes))
    return cudaErrorInvalidValue;
  Node *N = nullptr;
  if (cudaError_t Status = graphs::addChildGraphNode(G, Nodes, C, N))
    return Status;
  *Out = toHandle(N);
  return cudaSuccess;
}

cudaError_t addConditionalNode(cudaGraphNode_t *Out, cudaGraph_t Graph,
                               const cudaGraphNode_t *Deps, size_t Count,
                               cudaConditionalNodeParams &Params) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  std::vector<Node *> Nodes;
  if (!Out || !G || !dependencies(Deps, Count, Nodes))
    return cudaErrorInvalidValue;
  Node *N = nullptr;
  if (cudaError_t Status = graphs::addConditionalNode(G, Nodes, Params, N))
    return Status;
  *Out = toHandle(N);
  return cudaSuccess;
}

cudaError_t childGraphNodeGetGraph(cudaGraphNode_t Node, cudaGraph_t *Out) {
  NodeParams *P = nullptr;
  if (!Out)
    return cudaErrorInvalidValue;
  Lock L(graphMutex());
  if (cudaError_t Status = nodeParams(Node, cudaGraphNodeTypeGraph, P))
    return Status;
  *Out = toHandle(fromHandle(Node)->Child.get());
  return cudaSuccess;
}

cudaError_t setNodeParams(cudaGraphNode_t Handle, NodeParams P) {
  Lock L(graphMutex());
  Node *N = liveNode(Handle);
  if (!N || N->Params.Type != P.Type)
    return cudaErrorInvalidValue;
  if (P.Type == cudaGraphNodeTypeMemAlloc ||
      P.Type == cudaGraphNodeTypeMemFree ||
      P.Type == cudaGraphNodeTypeConditional ||
      P.Type == cudaGraphNodeTypeGraph)
    return cudaErrorInvalidValue;
  P.Kernel.Attributes = N->Params.Kernel.Attributes;
  N->Params = std::move(P);
  N->Params.Kernel.refreshPointers();
  return cudaSuccess;
}

cudaError_t nodeParams(cudaGraphNode_t Handle, cudaGraphNodeType Type,
                       NodeParams *&Out) {
  Lock L(graphMutex());
  Node *N = liveNode(Handle);
  if (!N || N->Params.Type != Type)
    return cudaErrorInvalidValue;
  Out = &N->Params;
  return cudaSuccess;
}

cudaError_t nodeGetType(cudaGraphNode_t Handle, cudaGraphNodeType *Out) {
  Lock L(graphMutex());
  Node *N = liveNode(Handle);
  if (!N || !Out)
    return cudaErrorInvalidValue;
  *Out = N->Params.Type;
  return cudaSuccess;
}

cudaError_t getNodes(cudaGraph_t Graph, cudaGraphNode_t *Out, size_t *Count) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  if (!G)
    return cudaErrorInvalidValue;
  std::vector<Node *> List;
  for (auto &N : G->Nodes)
    List.push_back(N.get());
  return listNodes(List, Out, nullptr, Count);
}

cudaError_t getRootNodes(cudaGraph_t Graph, cudaGraphNode_t *Out,
                         size_t *Count) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  if (!G)
    return cudaErrorInvalidValue;
  std::vector<Node *> List;
  for (auto &N : G->Nodes)
    if (N->Dependencies.empty())
      List.push_back(N.get());
  return listNodes(List, Out, nullptr, Count);
}

cudaError_t getEdges(cudaGraph_t Graph, cudaGraphNode_t *From,
                     cudaGraphNode_t *To, cudaGraphEdgeData *Data,
                     size_t *Count) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  if (!G || !Count || (From == nullptr) != (To == nullptr))
    return cudaErrorInvalidValue;
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
  if (!From) {
    *Count = N;
  } else if (N < *Count) {
    for (size_t I = N; I < *Count; ++I)
      From[I] = To[I] = nullptr;
    *Count = N;
  }
  return cudaSuccess;
}

cudaError_t nodeGetDependencies(cudaGraphNode_t Handle, cudaGraphNode_t *Out,
                                cudaGraphEdgeData *Data, size_t *Count) {
  Lock L(graphMutex());
  Node *N = liveNode(Handle);
  if (!N)
    return cudaErrorInvalidValue;
  return listNodes(N->Dependencies, Out, Data, Count);
}

cudaError_t nodeGetDependentNodes(cudaGraphNode_t Handle, cudaGraphNode_t *Out,
                                  cudaGraphEdgeData *Data, size_t *Count) {
  Lock L(graphMutex());
  Node *N = liveNode(Handle);
  if (!N)
    return cudaErrorInvalidValue;
  return listNodes(N->Dependents, Out, Data, Count);
}

cudaError_t changeDependencies(cudaGraph_t Graph, const cudaGraphNode_t *From,
                               const cudaGraphNode_t *To, size_t Count,
                               bool Add) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  if (!G || (Count && (!From || !To)))
    return cudaErrorInvalidValue;
  for (size_t I = 0; I < Count; ++I) {
    Node *A = liveNode(From[I]), *B = liveNode(To[I]);
    if (!A || !B || A->Owner != G || B->Owner != G)
      return cudaErrorInvalidValue;
  }
  for (size_t I = 0; I < Count; ++I) {
    cudaError_t Status = Add ? addEdge(fromHandle(From[I]), fromHandle(To[I]))
                             : removeEdge(fromHandle(From[I]), fromHandle(To[I]));
    if (Status)
      return Status;
  }
  return cudaSuccess;
}

cudaError_t destroyNode(cudaGraphNode_t Handle) {
  Lock L(graphMutex());
  Node *N = liveNode(Handle);
  if (!N)
    return cudaErrorInvalidValue;
  graphs::destroyNode(N);
  return cudaSuccess;
}

cudaError_t kernelNodeCopyAttributes(cudaGraphNode_t Src, cudaGraphNode_t Dst) {
  Lock L(graphMutex());
  Node *A = liveNode(Src), *B = liveNode(Dst);
  if (!A || !B || A->Params.Type != cudaGraphNodeTypeKernel ||
      B->Params.Type != cudaGraphNodeTypeKernel)
    return cudaErrorInvalidValue;
  B->Params.Kernel.Attributes = A->Params.Kernel.Attributes;
  return cudaSuccess;
}

cudaError_t kernelNodeGetAttribute(cudaGraphNode_t Node, int Attribute,
                                   cudaLaunchAttributeValue *Out) {
  NodeParams *P = nullptr;
  if (!Out)
    return cudaErrorInvalidValue;
  Lock L(graphMutex());
  if (cudaError_t Status = nodeParams(Node, cudaGraphNodeTypeKernel, P))
    return Status;
  std::memset(Out, 0, sizeof *Out);
  auto It = P->Kernel.Attributes.find(Attribute);
  if (It != P->Kernel.Attributes.end())
    *Out = It->second;
  return cudaSuccess;
}

cudaError_t kernelNodeSetAttribute(cudaGraphNode_t Node, int Attribute,
                                   const cudaLaunchAttributeValue *Value) {
  NodeParams *P = nullptr;
  if (!Value || Attribute < cudaLaunchAttributeAccessPolicyWindow ||
      Attribute > cudaLaunchAttributePreferredSharedMemoryCarveout)
    return cudaErrorInvalidValue;
  Lock L(graphMutex());
  if (cudaError_t Status = nodeParams(Node, cudaGraphNodeTypeKernel, P))
    return Status;
  P->Kernel.Attributes[Attribute] = *Value;
  return cudaSuccess;
}

cudaError_t conditionalHandleCreate(Backend &B,
                                    cudaGraphConditionalHandle *Out,
                                    cudaGraph_t Graph, unsigned DefaultValue,
                                    unsigned Flags) {
  if (!Out || (Flags & ~unsigned(cudaGraphCondAssignDefault)))
    return cudaErrorInvalidValue;
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
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
}

//--- Executable graphs -------------------------------------------------------

cudaError_t instantiate(cudaGraphExec_t *Out, cudaGraph_t Graph,
                        unsigned long long Flags,
                        cudaGraphInstantiateParams *Params) {
  const unsigned long long Known =
      cudaGraphInstantiateFlagAutoFreeOnLaunch |
      cudaGraphInstantiateFlagUpload | cudaGraphInstantiateFlagDeviceLaunch |
      cudaGraphInstantiateFlagUseNodePriority;
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  if (!Out || !G || (Flags & ~Known)) {
    if (Params)
      Params->result_out = cudaGraphInstantiateError;
    return cudaErrorInvalidValue;
  }
  ExecGraph *E = nullptr;
  const Node *ErrorNode = nullptr;
  cudaGraphInstantiateResult Result = cudaGraphInstantiateSuccess;
  cudaError_t Status = graphs::instantiate(*G, Flags, E, ErrorNode, Result);
  if (Params) {
    Params->result_out = Result;
    Params->errNode_out = toHandle(const_cast<Node *>(ErrorNode));
  }
  if (Status)
    return Status;
  *Out = toHandle(E);
  return cudaSuccess;
}

cudaError_t execGetFlags(cudaGraphExec_t Exec, unsigned long long *Flags) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  if (!E || !Flags)
    return cudaErrorInvalidValue;
  *Flags = E->Flags;
  return cudaSuccess;
}

cudaError_t setExecNodeParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                              const NodeParams &P) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  if (!E || !Node)
    return cudaErrorInvalidValue;
  return graphs::setExecNodeParams(*E, fromHandle(Node), P, nullptr);
}

cudaError_t execChildGraphNodeSetParams(cudaGraphExec_t Exec,
                                        cudaGraphNode_t Node,
                                        cudaGraph_t Child) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  graphs::Graph *C = liveGraph(Child);
  if (!E || !C || !Node)
    return cudaErrorInvalidValue;
  NodeParams P;
  P.Type = cudaGraphNodeTypeGraph;
  return graphs::setExecNodeParams(*E, fromHandle(Node), P, C);
}

cudaError_t nodeSetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                           unsigned Enabled) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  ExecNode *X = E ? findExecNode(*E, fromHandle(Node)) : nullptr;
  if (!X)
    return cudaErrorInvalidValue;
  switch (X->Params.Type) {
  case cudaGraphNodeTypeKernel:
  case cudaGraphNodeTypeMemcpy:
  case cudaGraphNodeTypeMemset:
    X->Enabled = Enabled != 0;
    return cudaSuccess;
  default:
    return cudaErrorInvalidValue;
  }
}

cudaError_t nodeGetEnabled(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                           unsigned *Enabled) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  ExecNode *X = E ? findExecNode(*E, fromHandle(Node)) : nullptr;
  if (!X || !Enabled)
    return cudaErrorInvalidValue;
  *Enabled = X->Enabled;
  return cudaSuccess;
}

cudaError_t execUpdate(cudaGraphExec_t Exec, cudaGraph_t Graph,
                       cudaGraphExecUpdateResultInfo *Info) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  graphs::Graph *G = liveGraph(Graph);
  if (!E || !G || !Info)
    return cudaErrorInvalidValue;
  return update(*E, *G, *Info);
}

cudaError_t upload(cudaGraphExec_t Exec) {
  // Nothing to place on the device ahead of a launch (docs/graphs.md).
  Lock L(graphMutex());
  return liveExec(Exec) ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t launch(Backend &B, cudaGraphExec_t Exec, cudaStream_t Stream) {
  Lock L(graphMutex());
  ExecGraph *E = liveExec(Exec);
  if (!E)
    return cudaErrorInvalidValue;
  if (capture::capturing(Stream))
    return *capture::node(Stream, NodeParams{}, E->Source.get());
  if (auto Status = capture::legacyStreamUse(Stream))
    return *Status;
  return graphs::launch(*E, B, Stream);
}

cudaError_t execDestroy(cudaGraphExec_t Exec) {
  ExecGraph *E = nullptr;
  {
    Lock L(graphMutex());
    E = liveExec(Exec);
    if (!E)
      return cudaErrorInvalidValue;
  }
  destroyExec(E);
  return cudaSuccess;
}

//--- Graph memory --------------------------------------------------------------

cudaError_t graphMemTrim(Backend &B, int Device) {
  // Graph memory stays with the graphs that hold it until they go.
  return checkDevice(B, Device);
}

cudaError_t getGraphMemAttribute(Backend &B, int Device,
                                 cudaGraphMemAttributeType Attribute,
                                 void *Value) {
  if (!Value)
    return cudaErrorInvalidValue;
  if (cudaError_t Status = checkDevice(B, Device))
    return Status;
  if (Attribute < cudaGraphMemAttrUsedMemCurrent ||
      Attribute > cudaGraphMemAttrReservedMemHigh)
    return cudaErrorInvalidValue;
  size_t Values[4];
  graphMemoryUsage(Values[0], Values[1], Values[2], Values[3]);
  *static_cast<unsigned long long *>(Value) = Values[Attribute];
  return cudaSuccess;
}

cudaError_t setGraphMemAttribute(Backend &B, int Device,
                                 cudaGraphMemAttributeType Attribute,
                                 void *Value) {
  // Only the high watermarks can be set, and only to zero (a reset).
  if (!Value || *static_cast<unsigned long long *>(Value) != 0)
    return cudaErrorInvalidValue;
  if (cudaError_t Status = checkDevice(B, Device))
    return Status;
  if (Attribute == cudaGraphMemAttrUsedMemHigh)
    resetGraphMemoryHighWatermarks(true, false);
  else if (Attribute == cudaGraphMemAttrReservedMemHigh)
    resetGraphMemoryHighWatermarks(false, true);
  else
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

//--- User objects ----------------------------------------------------------------

cudaError_t userObjectCreate(cudaUserObject_t *Out, void *Pointer,
                             cudaHostFn_t Destroy, unsigned Count,
                             unsigned Flags) {
  if (!Out || !Destroy || Count == 0 ||
      Flags != unsigned(cudaUserObjectNoDestructorSync))
    return cudaErrorInvalidValue;
  *Out = reinterpret_cast<cudaUserObject_t>(
      UserObject::create(Pointer, Destroy, Count));
  return cudaSuccess;
}

cudaError_t userObjectRetain(cudaUserObject_t Object, unsigned Count) {
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!UserObject::isLive(O) || Count == 0)
    return cudaErrorInvalidValue;
  O->retain(Count);
  return cudaSuccess;
}

cudaError_t userObjectRelease(cudaUserObject_t Object, unsigned Count) {
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!UserObject::isLive(O) || Count == 0)
    return cudaErrorInvalidValue;
  O->release(Count);
  return cudaSuccess;
}

cudaError_t graphRetainUserObject(cudaGraph_t Graph, cudaUserObject_t Object,
                                  unsigned Count, unsigned Flags) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!G || !UserObject::isLive(O) || Count == 0 ||
      (Flags & ~unsigned(cudaGraphUserObjectMove)))
    return cudaErrorInvalidValue;
  // With cudaGraphUserObjectMove the caller's references move to the graph.
  if (!(Flags & cudaGraphUserObjectMove))
    O->retain(Count);
  G->UserObjects[O] += Count;
  return cudaSuccess;
}

cudaError_t graphReleaseUserObject(cudaGraph_t Graph, cudaUserObject_t Object,
                                   unsigned Count) {
  Lock L(graphMutex());
  graphs::Graph *G = liveGraph(Graph);
  auto *O = reinterpret_cast<UserObject *>(Object);
  if (!G || Count == 0)
    return cudaErrorInvalidValue;
  auto It = G->UserObjects.find(O);
  if (It == G->UserObjects.end() || It->second < Count)
    return cudaErrorInvalidValue;
  if ((It->second -= Count) == 0)
    G->UserObjects.erase(It);
  O->release(Count);
  return cudaSuccess;
}

//--- Stream capture --------------------------------------------------------------

cudaError_t beginCapture(Backend &B, cudaStream_t Stream, cudaGraph_t Into,
                         const cudaGraphNode_t *Deps, size_t Count,
                         cudaStreamCaptureMode Mode) {
  Lock L(graphMutex());
  graphs::Graph *G = nullptr;
  if (Into && !(G = liveGraph(Into)))
    return cudaErrorInvalidValue;
  std::vector<Node *> Nodes;
  if (!dependencies(Deps, Count, Nodes))
    return cudaErrorInvalidValue;
  for (Node *N : Nodes)
    if (N->Owner != G)
      return cudaErrorInvalidValue;
  return capture::begin(B, Stream, Mode, G, Nodes);
}

cudaError_t endCapture(cudaStream_t Stream, cudaGraph_t *Out) {
  Lock L(graphMutex());
  // Out may be null when the capture went into the caller's graph
  // (cudaStreamBeginCaptureToGraph).
  if (!Out && capture::ownsGraph(Stream))
    return cudaErrorInvalidValue;
  graphs::Graph *G = nullptr;
  cudaError_t Status = capture::end(Stream, G);
  if (Out)
    *Out = G ? toHandle(G) : nullptr;
  return Status;
}

cudaError_t captureInfo(cudaStream_t Stream, cudaStreamCaptureStatus *Status,
                        unsigned long long *Id, cudaGraph_t *GraphOut,
                        const cudaGraphNode_t **Deps,
                        const cudaGraphEdgeData **EdgeData, size_t *NumDeps) {
  if (!Status)
    return cudaErrorInvalidValue;
  graphs::Graph *G = nullptr;
  const std::vector<Node *> *Frontier = nullptr;
  if (cudaError_t Error = capture::info(Stream, *Status, Id, &G, &Frontier))
    return Error;
  if (*Status == cudaStreamCaptureStatusNone)
    return cudaSuccess;
  if (GraphOut)
    *GraphOut = toHandle(G);
  static_assert(sizeof(Node *) == sizeof(cudaGraphNode_t));
  if (Deps)
    *Deps = reinterpret_cast<const cudaGraphNode_t *>(Frontier->data());
  // Every captured edge is a default edge: CUDA reports no edge data then.
  if (EdgeData)
    *EdgeData = nullptr;
  if (NumDeps)
    *NumDeps = Frontier->size();
  return cudaSuccess;
}

cudaError_t updateCaptureDependencies(cudaStream_t Stream,
                                      cudaGraphNode_t *Deps, size_t Count,
                                      unsigned Flags) {
  if (Flags > cudaStreamSetCaptureDependencies || (Count && !Deps))
    return cudaErrorInvalidValue;
  std::vector<Node *> Nodes;
  for (size_t I = 0; I < Count; ++I)
    Nodes.push_back(fromHandle(Deps[I]));
  Lock L(graphMutex());
  return capture::updateDependencies(Stream, Nodes,
                                     Flags == cudaStreamSetCaptureDependencies);
}

cudaError_t exchangeCaptureMode(cudaStreamCaptureMode *Mode) {
  if (!Mode || *Mode < cudaStreamCaptureModeGlobal ||
      *Mode > cudaStreamCaptureModeRelaxed)
    return cudaErrorInvalidValue;
  *Mode = capture::exchangeMode(*Mode);
  return cudaSuccess;
}

//--- Memory pools ------------------------------------------------------------------

cudaError_t mallocAsync(Backend &B, void **Ptr, size_t Size,
                        cudaMemPool_t PoolHandle, cudaStream_t Stream) {
  MemPool *Pool = nullptr;
  if (!Ptr || (PoolHandle && !(Pool = livePool(PoolHandle))))
    return cudaErrorInvalidValue;
  if (auto Captured = hooks::mallocAsync(B, Ptr, Size, Stream))
    return *Captured;
  if (!Pool) {
    int Device = 0;
    if (cudaError_t Status = B.getDevice(Device))
      return Status;
    Pool = MemPool::currentPool(B, Device);
  }
  return Pool->allocate(*Ptr, Size, Stream);
}

cudaError_t freeAsync(void *Ptr, cudaStream_t Stream) {
  if (!Ptr)
    return cudaErrorInvalidValue;
  if (auto Done = hooks::freeAsync(Ptr, Stream))
    return *Done;
  MemPool *Pool = MemPool::ofPointer(Ptr);
  if (!Pool)
    return cudaErrorInvalidValue;
  return Pool->free(Ptr, Stream);
}

cudaError_t poolCreate(Backend &B, cudaMemPool_t *Out,
                       const cudaMemPoolProps *Props) {
  if (!Out || !Props || Props->allocType != cudaMemAllocationTypePinned ||
      Props->location.type != cudaMemLocationTypeDevice)
    return cudaErrorInvalidValue;
  if (Props->handleTypes & ~unsigned(cudaMemHandleTypePosixFileDescriptor))
    return cudaErrorNotSupported;
  if (cudaError_t Status = checkDevice(B, Props->location.id))
    return Status == cudaErrorInvalidDevice ? cudaErrorInvalidValue : Status;
  *Out = reinterpret_cast<cudaMemPool_t>(new MemPool(B, *Props));
  return cudaSuccess;
}

cudaError_t poolDestroy(Backend &B, cudaMemPool_t Pool) {
  MemPool *P = livePool(Pool);
  if (!P)
    return cudaErrorInvalidValue;
  int Count = 0;
  B.getDeviceCount(Count);
  for (int Device = 0; Device < Count; ++Device)
    if (MemPool::defaultPool(B, Device) == P)
      return cudaErrorInvalidValue;
  // A device whose current pool this was gets its default back
  // (MemPool::currentPool checks liveness).
  delete P;
  return cudaSuccess;
}

cudaError_t poolTrimTo(cudaMemPool_t Pool, size_t Keep) {
  MemPool *P = livePool(Pool);
  if (!P)
    return cudaErrorInvalidValue;
  P->trim(Keep, nullptr, true);
  return cudaSuccess;
}

cudaError_t poolSetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attribute,
                             void *Value) {
  MemPool *P = livePool(Pool);
  return P ? P->setAttribute(Attribute, Value) : cudaErrorInvalidValue;
}

cudaError_t poolGetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attribute,
                             void *Value) {
  MemPool *P = livePool(Pool);
  return P ? P->getAttribute(Attribute, Value) : cudaErrorInvalidValue;
}

cudaError_t poolSetAccess(Backend &B, cudaMemPool_t Pool,
                          const cudaMemAccessDesc *List, size_t Count) {
  MemPool *P = livePool(Pool);
  if (!P)
    return cudaErrorInvalidValue;
  int Devices = 0;
  if (cudaError_t Status = B.getDeviceCount(Devices))
    return Status;
  return P->setAccess(List, Count, Devices);
}

cudaError_t poolGetAccess(cudaMemAccessFlags *Flags, cudaMemPool_t Pool,
                          const cudaMemLocation *Location) {
  MemPool *P = livePool(Pool);
  if (!P || !Flags || !Location ||
      Location->type != cudaMemLocationTypeDevice)
    return cudaErrorInvalidValue;
  *Flags = P->access(*Location);
  return cudaSuccess;
}

cudaError_t deviceGetDefaultMemPool(Backend &B, cudaMemPool_t *Out,
                                    int Device) {
  if (!Out)
    return cudaErrorInvalidValue;
  if (cudaError_t Status = checkDevice(B, Device))
    return Status;
  *Out = reinterpret_cast<cudaMemPool_t>(MemPool::defaultPool(B, Device));
  return cudaSuccess;
}

cudaError_t deviceGetMemPool(Backend &B, cudaMemPool_t *Out, int Device) {
  if (!Out)
    return cudaErrorInvalidValue;
  if (cudaError_t Status = checkDevice(B, Device))
    return Status;
  *Out = reinterpret_cast<cudaMemPool_t>(MemPool::currentPool(B, Device));
  return cudaSuccess;
}

cudaError_t deviceSetMemPool(Backend &B, int Device, cudaMemPool_t Pool) {
  MemPool *P = livePool(Pool);
  if (!P)
    return cudaErrorInvalidValue;
  if (cudaError_t Status = checkDevice(B, Device))
    return Status;
  if (P->properties().location.id != Device)
    return cudaErrorInvalidDevice;
  MemPool::currentPool(B, Device) = P;
  return cudaSuccess;
}

cudaError_t poolExportToShareableHandle(cudaMemPool_t Pool, void *Handle,
                                       int Type, unsigned long long Flags) {
  MemPool *P = livePool(Pool);
  if (!P || !Handle || Flags)
    return cudaErrorInvalidValue;
  if (Type != cudaMemHandleTypePosixFileDescriptor)
    return cudaErrorNotSupported;
  return P->exportHandle(*static_cast<int *>(Handle));
}

cudaError_t poolImportFromShareableHandle(Backend &B, cudaMemPool_t *Out,
                                          void *Handle, int Type,
                                          unsigned long long Flags) {
  if (!Out || Flags)
    return cudaErrorInvalidValue;
  if (Type != cudaMemHandleTypePosixFileDescriptor)
    return cudaErrorNotSupported;
  // A POSIX file descriptor is passed as the pointer's value.
  MemPool *Pool = nullptr;
  if (cudaError_t Status = MemPool::import(
          B, int(reinterpret_cast<intptr_t>(Handle)), Pool))
    return Status;
  *Out = reinterpret_cast<cudaMemPool_t>(Pool);
  return cudaSuccess;
}

cudaError_t poolExportPointer(void *Data, void *Ptr) {
  MemPool *Pool = MemPool::ofPointer(Ptr);
  if (!Data || !Pool)
    return cudaErrorInvalidValue;
  return Pool->exportPointer(Ptr, *static_cast<cudaMemPoolPtrExportData *>(Data));
}

cudaError_t poolImportPointer(void **Ptr, cudaMemPool_t Pool, void *Data) {
  MemPool *P = livePool(Pool);
  if (!Ptr || !Data || !P)
    return cudaErrorInvalidValue;
  return P->importPointer(*Ptr,
                          *static_cast<const cudaMemPoolPtrExportData *>(Data));
}

} // namespace rubicon::graphs::calls
