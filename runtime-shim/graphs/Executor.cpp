//===- Executor.cpp - Instantiation, update and launch of graphs ----------===//
//
// Part of Rubicon. Executor.h.
//
//===----------------------------------------------------------------------===//

#include "Executor.h"

#include <algorithm>

namespace rubicon::graphs {

cudaError_t runMemOperations(Backend &B, const std::vector<MemOperation> &Ops,
                             cudaStream_t S) {
  for (const MemOperation &Op : Ops) {
    cudaError_t Status = cudaSuccess;
    switch (Op.Operation) {
    case 1: // CU_STREAM_MEM_OP_WAIT_VALUE_32
    case 4: // CU_STREAM_MEM_OP_WAIT_VALUE_64
      Status = B.streamWaitValue(S, Op.Address, Op.Value, Op.Operation == 4,
                                 Op.Flags);
      break;
    case 2: // CU_STREAM_MEM_OP_WRITE_VALUE_32
    case 5: // CU_STREAM_MEM_OP_WRITE_VALUE_64
      Status = B.streamWriteValue(S, Op.Address, Op.Value, Op.Operation == 5,
                                  Op.Flags);
      break;
    case 3: // CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES
    case 6: // CU_STREAM_MEM_OP_BARRIER: the stream's order already holds
      break;
    default:
      Status = cudaErrorInvalidValue;
    }
    if (Status)
      return Status;
  }
  return cudaSuccess;
}

namespace {

struct PendingHostNode {
  cudaHostFn_t Function;
  void *UserData;
};

void runHostNode(cudaStream_t, cudaError_t, void *Data) {
  auto *Pending = static_cast<PendingHostNode *>(Data);
  Pending->Function(Pending->UserData);
  delete Pending;
}

char *pitchedAddress(const cudaPitchedPtr &P, const cudaPos &Pos, size_t Z) {
  return static_cast<char *>(P.ptr) + (Pos.z + Z) * P.pitch * P.ysize +
         Pos.y * P.pitch + Pos.x;
}

cudaError_t runCopy(Backend &B, const cudaMemcpy3DParms &C, cudaStream_t S) {
  size_t Depth = std::max<size_t>(C.extent.depth, 1);
  size_t Height = std::max<size_t>(C.extent.height, 1);
  if (Height == 1 && Depth == 1)
    return B.memcpyAsync(pitchedAddress(C.dstPtr, C.dstPos, 0),
                         pitchedAddress(C.srcPtr, C.srcPos, 0), C.extent.width,
                         C.kind, S);
  for (size_t Z = 0; Z < Depth; ++Z)
    if (cudaError_t Status = B.memcpy2D(
            pitchedAddress(C.dstPtr, C.dstPos, Z), C.dstPtr.pitch,
            pitchedAddress(C.srcPtr, C.srcPos, Z), C.srcPtr.pitch,
            C.extent.width, Height, C.kind, S, true))
      return Status;
  return cudaSuccess;
}

cudaError_t runMemset(Backend &B, const cudaMemsetParams &M, cudaStream_t S) {
  size_t Height = std::max<size_t>(M.height, 1);
  if (M.elementSize == 1) {
    if (Height == 1)
      return B.memsetAsync(M.dst, int(M.value), M.width, S);
    return B.memset2D(M.dst, M.pitch, int(M.value), M.width, Height, S, true);
  }
  for (size_t Row = 0; Row < Height; ++Row)
    if (cudaError_t Status = B.memsetElements(
            static_cast<char *>(M.dst) + Row * M.pitch, M.value,
            M.elementSize, M.width, S, true))
      return Status;
  return cudaSuccess;
}

cudaError_t runKernel(Backend &B, KernelCall &K, cudaStream_t S) {
  void **Args = K.arguments();
  auto Cooperative = K.Attributes.find(cudaLaunchAttributeCooperative);
  bool IsCooperative =
      Cooperative != K.Attributes.end() && Cooperative->second.cooperative;
  if (K.ModuleFunction && IsCooperative && K.ArgBuffer.empty())
    return B.launchCooperativeKernel(K.Function, K.Grid, K.Block, Args,
                                     K.SharedMem, S);
  if (K.ModuleFunction)
    return B.moduleLaunchKernel(const_cast<void *>(K.Function), K.Grid,
                                K.Block, K.ArgBuffer.empty() ? Args : nullptr,
                                K.ArgBuffer.empty() ? nullptr
                                                    : K.ArgBuffer.data(),
                                K.ArgBuffer.size(), K.SharedMem, S);
  if (IsCooperative)
    return B.launchCooperativeKernel(K.Function, K.Grid, K.Block, Args,
                                     K.SharedMem, S);
  return B.launchKernel(K.Function, K.Grid, K.Block, Args, K.SharedMem, S);
}

/// The condition's value once the work before it on S is done.
cudaError_t readCondition(Backend &B, const ConditionalHandle &C,
                          cudaStream_t S, unsigned &Value) {
  if (cudaError_t Status = B.streamSynchronize(S))
    return Status;
  return B.memcpy(&Value, C.Value, sizeof Value, cudaMemcpyDeviceToHost);
}

cudaError_t run(ExecGraph &E, Backend &B, cudaStream_t S);

cudaError_t runNode(ExecNode &N, Backend &B, cudaStream_t S) {
  NodeParams &P = N.Params;
  switch (P.Type) {
  case cudaGraphNodeTypeKernel:
    return runKernel(B, P.Kernel, S);
  case cudaGraphNodeTypeMemcpy:
    return runCopy(B, P.Copy, S);
  case cudaGraphNodeTypeMemset:
    return runMemset(B, P.Memset, S);
  case cudaGraphNodeTypeHost:
    return B.streamAddCallback(S, runHostNode,
                               new PendingHostNode{P.Host.fn, P.Host.userData});
  case cudaGraphNodeTypeGraph:
    return run(*N.Child, B, S);
  case cudaGraphNodeTypeEventRecord:
    return B.eventRecord(P.Event, S);
  case cudaGraphNodeTypeWaitEvent:
    return B.streamWaitEvent(S, P.Event, 0);
  case cudaGraphNodeTypeMemAlloc:
    noteGraphAllocation(*P.Allocation, false, true);
    return cudaSuccess;
  case cudaGraphNodeTypeMemFree:
    freeGraphAllocation(P.FreePointer);
    return cudaSuccess;
  case cudaGraphNodeTypeExtSemaphoreSignal:
    for (size_t I = 0; I < P.Semaphores.size(); ++I)
      if (cudaError_t Status = B.signalExternalSemaphore(
              P.Semaphores[I], P.SignalParams[I], S))
        return Status;
    return cudaSuccess;
  case cudaGraphNodeTypeExtSemaphoreWait:
    for (size_t I = 0; I < P.Semaphores.size(); ++I)
      if (cudaError_t Status =
              B.waitExternalSemaphore(P.Semaphores[I], P.WaitParams[I], S))
        return Status;
    return cudaSuccess;
  case NodeTypeBatchMemOp:
    return runMemOperations(B, P.MemOps, S);
  case cudaGraphNodeTypeConditional: {
    unsigned Value = 0;
    if (cudaError_t Status = readCondition(B, *P.Condition, S, Value))
      return Status;
    switch (P.Conditional.type) {
    case cudaGraphCondTypeIf:
      if (Value)
        return run(*N.Bodies[0], B, S);
      return N.Bodies.size() > 1 ? run(*N.Bodies[1], B, S) : cudaSuccess;
    case cudaGraphCondTypeWhile:
      while (Value) {
        if (cudaError_t Status = run(*N.Bodies[0], B, S))
          return Status;
        if (cudaError_t Status = readCondition(B, *P.Condition, S, Value))
          return Status;
      }
      return cudaSuccess;
    case cudaGraphCondTypeSwitch:
      return Value < N.Bodies.size() ? run(*N.Bodies[Value], B, S)
                                     : cudaSuccess;
    }
    return cudaErrorInvalidValue;
  }
  default:
    return cudaSuccess;
  }
}

cudaError_t run(ExecGraph &E, Backend &B, cudaStream_t S) {
  for (ExecNode &N : E.Nodes)
    if (N.Enabled)
      if (cudaError_t Status = runNode(N, B, S))
        return Status;
  return cudaSuccess;
}

ExecNode makeExecNode(const Node &N, ExecGraph &Top,
                      cudaGraphInstantiateResult &Result,
                      const Node *&ErrorNode);

cudaError_t build(const Graph &G, ExecGraph &E, ExecGraph &Top,
                  cudaGraphInstantiateResult &Result, const Node *&ErrorNode) {
  std::vector<const Node *> Order;
  if (!topologicalOrder(G, Order)) {
    Result = cudaGraphInstantiateInvalidStructure;
    return cudaErrorInvalidValue;
  }
  std::map<const Node *, size_t> Position;
  for (const Node *N : Order) {
    Position[N] = E.Nodes.size();
    E.Nodes.push_back(makeExecNode(*N, Top, Result, ErrorNode));
    if (Result != cudaGraphInstantiateSuccess)
      return cudaErrorInvalidValue;
  }
  for (const auto &N : G.Nodes) {
    E.CreationOrder.push_back(Position[N.get()]);
    for (const Node *D : N->Dependents)
      E.Edges.emplace_back(Position[N.get()], Position[D]);
  }
  std::sort(E.Edges.begin(), E.Edges.end());
  for (const auto &C : G.Conditions)
    Top.Conditions.push_back(C);
  return cudaSuccess;
}

ExecNode makeExecNode(const Node &N, ExecGraph &Top,
                      cudaGraphInstantiateResult &Result,
                      const Node *&ErrorNode) {
  ExecNode X;
  X.Keys = {&N};
  X.Params = N.Params;
  X.Params.Kernel.refreshPointers();
  if (N.Child) {
    X.Child = std::make_unique<ExecGraph>();
    X.Child->TopLevel = false;
    if (build(*N.Child, *X.Child, Top, Result, ErrorNode) && !ErrorNode)
      ErrorNode = &N;
  }
  for (const auto &Body : N.Bodies) {
    X.Bodies.push_back(std::make_unique<ExecGraph>());
    X.Bodies.back()->TopLevel = false;
    if (build(*Body, *X.Bodies.back(), Top, Result, ErrorNode) && !ErrorNode)
      ErrorNode = &N;
  }
  if (N.Params.Allocation) {
    if (N.Params.Allocation->Exec) {
      // One executable graph at a time may own a memory node's memory.
      Result = cudaGraphInstantiateError;
      ErrorNode = &N;
    } else {
      N.Params.Allocation->Exec = &Top;
    }
  }
  return X;
}

void releaseAllocations(ExecGraph &E, const ExecGraph &Top) {
  for (ExecNode &N : E.Nodes) {
    if (N.Params.Allocation && N.Params.Allocation->Exec == &Top)
      N.Params.Allocation->Exec = nullptr;
    if (N.Child)
      releaseAllocations(*N.Child, Top);
    for (auto &B : N.Bodies)
      releaseAllocations(*B, Top);
  }
}

/// Memory of E's allocation nodes still allocated by an earlier launch.
bool hasLiveAllocations(const ExecGraph &E, bool Free) {
  bool Any = false;
  for (const ExecNode &N : E.Nodes) {
    if (N.Params.Allocation && N.Params.Allocation->Live) {
      Any = true;
      if (Free)
        noteGraphAllocation(*N.Params.Allocation, false, false);
    }
    if (N.Child)
      Any |= hasLiveAllocations(*N.Child, Free);
    for (const auto &B : N.Bodies)
      Any |= hasLiveAllocations(*B, Free);
  }
  return Any;
}

bool sameTopology(const ExecGraph &E, const Graph &G,
                  cudaGraphExecUpdateResultInfo &Info) {
  if (G.Nodes.size() != E.CreationOrder.size()) {
    Info.result = cudaGraphExecUpdateErrorTopologyChanged;
    return false;
  }
  std::map<const Node *, size_t> Position;
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    Position[G.Nodes[I].get()] = E.CreationOrder[I];
    const ExecNode &X = E.Nodes[E.CreationOrder[I]];
    const Node &N = *G.Nodes[I];
    if (X.Params.Type != N.Params.Type) {
      Info.result = cudaGraphExecUpdateErrorNodeTypeChanged;
      Info.errorNode = toHandle(const_cast<Node *>(&N));
      return false;
    }
    if (N.Params.Type == cudaGraphNodeTypeMemAlloc ||
        N.Params.Type == cudaGraphNodeTypeMemFree) {
      if (N.Params.Allocation != X.Params.Allocation ||
          N.Params.FreePointer != X.Params.FreePointer) {
        Info.result = cudaGraphExecUpdateErrorNotSupported;
        Info.errorNode = toHandle(const_cast<Node *>(&N));
        return false;
      }
    }
    if (N.Child && !sameTopology(*X.Child, *N.Child, Info))
      return false;
    if (N.Bodies.size() != X.Bodies.size()) {
      Info.result = cudaGraphExecUpdateErrorParametersChanged;
      return false;
    }
    for (size_t B = 0; B < N.Bodies.size(); ++B)
      if (!sameTopology(*X.Bodies[B], *N.Bodies[B], Info))
        return false;
  }
  std::vector<std::pair<size_t, size_t>> Edges;
  for (const auto &N : G.Nodes)
    for (const Node *D : N->Dependents)
      Edges.emplace_back(Position[N.get()], Position[D]);
  std::sort(Edges.begin(), Edges.end());
  if (Edges != E.Edges) {
    Info.result = cudaGraphExecUpdateErrorTopologyChanged;
    return false;
  }
  return true;
}

void copyParameters(ExecGraph &E, const Graph &G) {
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    ExecNode &X = E.Nodes[E.CreationOrder[I]];
    const Node &N = *G.Nodes[I];
    if (std::find(X.Keys.begin(), X.Keys.end(), &N) == X.Keys.end())
      X.Keys.push_back(&N);
    bool Enabled = X.Enabled;
    X.Params = N.Params;
    X.Params.Kernel.refreshPointers();
    X.Enabled = Enabled;
    if (N.Child)
      copyParameters(*X.Child, *N.Child);
    for (size_t B = 0; B < N.Bodies.size(); ++B)
      copyParameters(*X.Bodies[B], *N.Bodies[B]);
  }
}

} // namespace

ExecGraph::~ExecGraph() {
  for (auto &[Object, Count] : UserObjects)
    Object->release(Count);
}

cudaError_t instantiate(const Graph &G, unsigned long long Flags,
                        ExecGraph *&Out, const Node *&ErrorNode,
                        cudaGraphInstantiateResult &Result) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  auto E = std::make_unique<ExecGraph>();
  E->Flags = Flags;
  Result = cudaGraphInstantiateSuccess;
  ErrorNode = nullptr;
  if (cudaError_t Status = build(G, *E, *E, Result, ErrorNode)) {
    releaseAllocations(*E, *E);
    return Result == cudaGraphInstantiateError ? cudaErrorNotSupported
                                               : Status;
  }
  for (const auto &[Object, Count] : G.UserObjects) {
    Object->retain(Count);
    E->UserObjects[Object] += Count;
  }
  E->Source.reset(cloneGraph(&G));
  Out = E.release();
  markLive(Out, true);
  return cudaSuccess;
}

void destroyExec(ExecGraph *E) {
  if (E->LastBackend)
    E->LastBackend->streamSynchronize(E->LastStream);
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  markLive(E, false);
  releaseAllocations(*E, *E);
  if (E->Source)
    destroyGraph(E->Source.release());
  delete E;
}

cudaError_t launch(ExecGraph &E, Backend &B, cudaStream_t Stream) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  if (hasLiveAllocations(E, false)) {
    // Memory of the previous launch must be freed first, unless the graph
    // was instantiated to free it on launch.
    if (!(E.Flags & cudaGraphInstantiateFlagAutoFreeOnLaunch))
      return cudaErrorInvalidValue;
    hasLiveAllocations(E, true);
  }
  for (const auto &C : E.Conditions)
    if (C->AssignDefault)
      if (cudaError_t Status = B.memcpyAsync(C->Value, &C->Default,
                                             sizeof C->Default,
                                             cudaMemcpyHostToDevice, Stream))
        return Status;
  E.LastBackend = &B;
  E.LastStream = Stream;
  return run(E, B, Stream);
}

cudaError_t update(ExecGraph &E, const Graph &G,
                   cudaGraphExecUpdateResultInfo &Info) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Info = {cudaGraphExecUpdateSuccess, nullptr, nullptr};
  if (!sameTopology(E, G, Info)) {
    if (Info.result == cudaGraphExecUpdateSuccess)
      Info.result = cudaGraphExecUpdateError;
    return cudaErrorGraphExecUpdateFailure;
  }
  copyParameters(E, G);
  if (E.Source)
    destroyGraph(E.Source.release());
  E.Source.reset(cloneGraph(&G));
  return cudaSuccess;
}

ExecNode *findExecNode(ExecGraph &E, const Node *N) {
  for (ExecNode &X : E.Nodes) {
    if (std::find(X.Keys.begin(), X.Keys.end(), N) != X.Keys.end())
      return &X;
    if (X.Child)
      if (ExecNode *Found = findExecNode(*X.Child, N))
        return Found;
    for (auto &Body : X.Bodies)
      if (ExecNode *Found = findExecNode(*Body, N))
        return Found;
  }
  return nullptr;
}

cudaError_t setExecNodeParams(ExecGraph &E, const Node *N,
                              const NodeParams &Params, const Graph *Child) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  ExecNode *X = findExecNode(E, N);
  if (!X || X->Params.Type != Params.Type)
    return cudaErrorInvalidValue;
  if (Params.Type == cudaGraphNodeTypeMemAlloc ||
      Params.Type == cudaGraphNodeTypeMemFree ||
      Params.Type == cudaGraphNodeTypeConditional)
    return cudaErrorInvalidValue;
  if (Child) {
    cudaGraphExecUpdateResultInfo Info{};
    if (!sameTopology(*X->Child, *Child, Info))
      return cudaErrorInvalidValue;
    copyParameters(*X->Child, *Child);
    return cudaSuccess;
  }
  if (Params.Type == cudaGraphNodeTypeKernel &&
      Params.Kernel.ModuleFunction != X->Params.Kernel.ModuleFunction)
    return cudaErrorInvalidValue;
  X->Params = Params;
  X->Params.Kernel.refreshPointers();
  return cudaSuccess;
}

} // namespace rubicon::graphs
