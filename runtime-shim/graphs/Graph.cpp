//===- Graph.cpp - CUDA graphs: building, editing, cloning ----------------===//
//
// Part of Rubicon. Graph.h.
//
//===----------------------------------------------------------------------===//

#include "Graph.h"

#include "SharedState.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <unordered_set>

namespace rubicon::graphs {

namespace {

/// Every live graph and node (handles are checked before use).
std::unordered_set<const void *> &liveObjects() {
  static auto &Objects =
      sharedObject<std::unordered_set<const void *>>(Slot::LiveObjects);
  return Objects;
}

struct GraphMemoryCounters {
  size_t UsedCurrent = 0, UsedHigh = 0, ReservedCurrent = 0, ReservedHigh = 0;
  std::map<void *, std::weak_ptr<GraphAllocation>> ByAddress;
};
GraphMemoryCounters &graphMemory() {
  static auto &Counters = sharedObject<GraphMemoryCounters>(Slot::GraphMemory);
  return Counters;
}

void link(Node *From, Node *To) {
  From->Dependents.push_back(To);
  To->Dependencies.push_back(From);
}

void unlinkAll(Node *N) {
  for (Node *D : N->Dependencies)
    std::erase(D->Dependents, N);
  for (Node *D : N->Dependents)
    std::erase(D->Dependencies, N);
  N->Dependencies.clear();
  N->Dependents.clear();
}

/// Copies Source's nodes and edges into Target; Map receives old -> new.
void copyInto(const Graph &Source, Graph &Target,
              std::map<const Node *, Node *> &Map) {
  for (const auto &N : Source.Nodes) {
    auto Copy = std::make_unique<Node>();
    Copy->Owner = &Target;
    Copy->Params = N->Params;
    Copy->Original = N.get();
    if (N->Child) {
      Copy->Child.reset(cloneGraph(N->Child.get()));
      Copy->Child->Parent = Copy.get();
    }
    for (const auto &Body : N->Bodies) {
      Copy->Bodies.emplace_back(cloneGraph(Body.get()));
      Copy->Bodies.back()->Parent = Copy.get();
      Copy->BodyHandles.push_back(toHandle(Copy->Bodies.back().get()));
    }
    liveObjects().insert(Copy.get());
    Map[N.get()] = Copy.get();
    Target.Nodes.push_back(std::move(Copy));
  }
  for (const auto &N : Source.Nodes)
    for (Node *D : N->Dependencies)
      link(Map[D], Map[N.get()]);
  for (const auto &[Object, Count] : Source.UserObjects) {
    Object->retain(Count);
    Target.UserObjects[Object] += Count;
  }
  Target.Conditions = Source.Conditions;
}

const char *typeName(cudaGraphNodeType Type) {
  switch (Type) {
  case cudaGraphNodeTypeKernel:
    return "Kernel";
  case cudaGraphNodeTypeMemcpy:
    return "Memcpy";
  case cudaGraphNodeTypeMemset:
    return "Memset";
  case cudaGraphNodeTypeHost:
    return "Host";
  case cudaGraphNodeTypeGraph:
    return "Graph";
  case cudaGraphNodeTypeEmpty:
    return "Empty";
  case cudaGraphNodeTypeWaitEvent:
    return "WaitEvent";
  case cudaGraphNodeTypeEventRecord:
    return "EventRecord";
  case cudaGraphNodeTypeMemAlloc:
    return "MemAlloc";
  case cudaGraphNodeTypeMemFree:
    return "MemFree";
  case cudaGraphNodeTypeConditional:
    return "Conditional";
  case cudaGraphNodeTypeExtSemaphoreSignal:
    return "ExtSemaphoreSignal";
  case cudaGraphNodeTypeExtSemaphoreWait:
    return "ExtSemaphoreWait";
  case NodeTypeBatchMemOp:
    return "BatchMemOp";
  default:
    return "Node";
  }
}

void writeDot(const Graph &G, unsigned Flags, const std::string &Prefix,
              std::string &Out) {
  std::map<const Node *, std::string> Names;
  for (size_t I = 0; I < G.Nodes.size(); ++I)
    Names[G.Nodes[I].get()] = Prefix + "node_" + std::to_string(I);
  char Buffer[256];
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    const Node &N = *G.Nodes[I];
    const NodeParams &P = N.Params;
    std::string Label = std::string(typeName(P.Type)) + " " + std::to_string(I);
    switch (P.Type) {
    case cudaGraphNodeTypeKernel:
      std::snprintf(Buffer, sizeof Buffer,
                    "\\nfunction %p\\ngrid (%u,%u,%u) block (%u,%u,%u)\\n"
                    "shared %u",
                    P.Kernel.UserFunction, P.Kernel.Grid.X, P.Kernel.Grid.Y,
                    P.Kernel.Grid.Z, P.Kernel.Block.X, P.Kernel.Block.Y,
                    P.Kernel.Block.Z, P.Kernel.SharedMem);
      Label += Buffer;
      break;
    case cudaGraphNodeTypeMemcpy:
      std::snprintf(Buffer, sizeof Buffer,
                    "\\n%p -> %p\\n%zu x %zu x %zu bytes, kind %d",
                    P.Copy.srcPtr.ptr, P.Copy.dstPtr.ptr, P.Copy.extent.width,
                    P.Copy.extent.height, P.Copy.extent.depth,
                    int(P.Copy.kind));
      Label += Buffer;
      break;
    case cudaGraphNodeTypeMemset:
      std::snprintf(Buffer, sizeof Buffer,
                    "\\n%p = 0x%x\\n%zu x %zu elements of %u bytes",
                    P.Memset.dst, P.Memset.value, P.Memset.width,
                    P.Memset.height, P.Memset.elementSize);
      Label += Buffer;
      break;
    case cudaGraphNodeTypeHost:
      std::snprintf(Buffer, sizeof Buffer, "\\nfunction %p",
                    reinterpret_cast<void *>(P.Host.fn));
      Label += Buffer;
      break;
    case cudaGraphNodeTypeWaitEvent:
    case cudaGraphNodeTypeEventRecord:
      std::snprintf(Buffer, sizeof Buffer, "\\nevent %p",
                    static_cast<void *>(P.Event));
      Label += Buffer;
      break;
    case cudaGraphNodeTypeMemAlloc:
      std::snprintf(Buffer, sizeof Buffer, "\\n%zu bytes at %p",
                    P.Alloc.bytesize, P.Alloc.dptr);
      Label += Buffer;
      break;
    case cudaGraphNodeTypeMemFree:
      std::snprintf(Buffer, sizeof Buffer, "\\nfree %p", P.FreePointer);
      Label += Buffer;
      break;
    case cudaGraphNodeTypeConditional:
      std::snprintf(Buffer, sizeof Buffer, "\\n%s, %u bodies",
                    P.Conditional.type == cudaGraphCondTypeIf      ? "if"
                    : P.Conditional.type == cudaGraphCondTypeWhile ? "while"
                                                                   : "switch",
                    P.Conditional.size);
      Label += Buffer;
      break;
    default:
      break;
    }
    const char *Shape = P.Type == cudaGraphNodeTypeKernel   ? "box"
                        : P.Type == cudaGraphNodeTypeMemcpy ? "parallelogram"
                        : P.Type == cudaGraphNodeTypeHost   ? "octagon"
                                                            : "ellipse";
    if (!(Flags & cudaGraphDebugDotFlagsVerbose) &&
        !(Flags & cudaGraphDebugDotFlagsKernelNodeParams))
      Label = std::string(typeName(P.Type)) + " " + std::to_string(I) +
              Label.substr(Label.find("\\n") == std::string::npos
                               ? Label.size()
                               : Label.find("\\n"));
    Out += "  \"" + Names[&N] + "\" [shape=" + Shape + ", label=\"" + Label +
           "\"];\n";
    auto Nested = [&](const Graph &Sub, const std::string &Name) {
      Out += "  subgraph \"cluster_" + Name + "\" {\n  label=\"" + Name +
             "\";\n";
      writeDot(Sub, Flags, Name + "_", Out);
      Out += "  }\n";
      if (!Sub.Nodes.empty())
        Out += "  \"" + Names[&N] + "\" -> \"" + Name + "_node_0\" [style=dashed];\n";
    };
    if (N.Child)
      Nested(*N.Child, Names[&N] + "_child");
    for (size_t B = 0; B < N.Bodies.size(); ++B)
      Nested(*N.Bodies[B], Names[&N] + "_body" + std::to_string(B));
  }
  for (const auto &N : G.Nodes)
    for (const Node *D : N->Dependents)
      Out += "  \"" + Names[N.get()] + "\" -> \"" + Names[D] + "\";\n";
}

} // namespace

std::recursive_mutex &graphMutex() {
  static auto &Mutex = sharedObject<std::recursive_mutex>(Slot::GraphMutex);
  return Mutex;
}

cudaGraph_t toHandle(Graph *G) { return reinterpret_cast<cudaGraph_t>(G); }
Graph *fromHandle(cudaGraph_t G) { return reinterpret_cast<Graph *>(G); }
cudaGraphNode_t toHandle(Node *N) {
  return reinterpret_cast<cudaGraphNode_t>(N);
}
Node *fromHandle(cudaGraphNode_t N) { return reinterpret_cast<Node *>(N); }
cudaGraphExec_t toHandle(ExecGraph *E) {
  return reinterpret_cast<cudaGraphExec_t>(E);
}
ExecGraph *fromHandle(cudaGraphExec_t E) {
  return reinterpret_cast<ExecGraph *>(E);
}

bool isLive(const Graph *G) { return G && liveObjects().count(G); }
bool isLive(const Node *N) { return N && liveObjects().count(N); }
bool isLive(const ExecGraph *E) { return E && liveObjects().count(E); }

/// Registration of executable graphs (Executor.cpp).
void markLive(const void *Object, bool Live) {
  if (Live)
    liveObjects().insert(Object);
  else
    liveObjects().erase(Object);
}

GraphAllocation::~GraphAllocation() {
  GraphMemoryCounters &C = graphMemory();
  {
    std::lock_guard<std::recursive_mutex> Lock(graphMutex());
    C.ReservedCurrent -= Size;
    if (Live)
      C.UsedCurrent -= Size;
    C.ByAddress.erase(Pointer);
  }
  if (Owner && Pointer)
    Owner->free(Pointer);
}

Graph::~Graph() {
  for (auto &N : Nodes)
    liveObjects().erase(N.get());
  for (auto &[Object, Count] : UserObjects)
    Object->release(Count);
}

Graph *createGraph() {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  auto *G = new Graph();
  liveObjects().insert(G);
  return G;
}

void destroyGraph(Graph *G) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  liveObjects().erase(G);
  delete G;
}

cudaError_t addNode(Graph *G, const std::vector<Node *> &Dependencies,
                    NodeParams Params, Node *&Out) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  for (size_t I = 0; I < Dependencies.size(); ++I) {
    if (!isLive(Dependencies[I]) || Dependencies[I]->Owner != G)
      return cudaErrorInvalidValue;
    for (size_t J = 0; J < I; ++J)
      if (Dependencies[J] == Dependencies[I])
        return cudaErrorInvalidValue;
  }
  auto N = std::make_unique<Node>();
  N->Owner = G;
  N->Params = std::move(Params);
  for (Node *D : Dependencies)
    link(D, N.get());
  if (N->Params.Allocation) {
    GraphMemoryCounters &C = graphMemory();
    C.ByAddress[N->Params.Allocation->Pointer] = N->Params.Allocation;
  }
  Out = N.get();
  liveObjects().insert(Out);
  G->Nodes.push_back(std::move(N));
  return cudaSuccess;
}

cudaError_t addChildGraphNode(Graph *G, const std::vector<Node *> &Dependencies,
                              const Graph *Child, Node *&Out) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  for (const auto &N : Child->Nodes)
    if (N->Params.Type == cudaGraphNodeTypeMemAlloc ||
        N->Params.Type == cudaGraphNodeTypeMemFree)
      return cudaErrorNotSupported;
  NodeParams P;
  P.Type = cudaGraphNodeTypeGraph;
  if (cudaError_t Status = addNode(G, Dependencies, P, Out))
    return Status;
  Out->Child.reset(cloneGraph(Child));
  Out->Child->Parent = Out;
  return cudaSuccess;
}

cudaError_t addConditionalNode(Graph *G,
                               const std::vector<Node *> &Dependencies,
                               cudaConditionalNodeParams &Params, Node *&Out) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  std::shared_ptr<ConditionalHandle> Condition;
  for (const auto &C : G->Conditions)
    if (reinterpret_cast<cudaGraphConditionalHandle>(C->Value) ==
        Params.handle)
      Condition = C;
  // The handle may belong to an enclosing graph (a body's own nodes).
  for (const Node *P = G->Parent; !Condition && P; P = P->Owner->Parent)
    for (const auto &C : P->Owner->Conditions)
      if (reinterpret_cast<cudaGraphConditionalHandle>(C->Value) ==
          Params.handle)
        Condition = C;
  if (!Condition)
    return cudaErrorInvalidValue;
  unsigned MaxBodies = Params.type == cudaGraphCondTypeIf      ? 2
                       : Params.type == cudaGraphCondTypeWhile ? 1
                       : Params.type == cudaGraphCondTypeSwitch ? 1u << 16
                                                                : 0;
  if (Params.size == 0 || Params.size > MaxBodies)
    return cudaErrorInvalidValue;
  NodeParams P;
  P.Type = cudaGraphNodeTypeConditional;
  P.Conditional = Params;
  P.Condition = Condition;
  if (cudaError_t Status = addNode(G, Dependencies, P, Out))
    return Status;
  for (unsigned I = 0; I < Params.size; ++I) {
    Graph *Body = createGraph();
    Body->Parent = Out;
    Out->Bodies.emplace_back(Body);
    Out->BodyHandles.push_back(toHandle(Body));
  }
  Out->Params.Conditional.phGraph_out = Out->BodyHandles.data();
  Params.phGraph_out = Out->BodyHandles.data();
  return cudaSuccess;
}

cudaError_t addEdge(Node *From, Node *To) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  if (From == To || From->Owner != To->Owner)
    return cudaErrorInvalidValue;
  if (std::find(From->Dependents.begin(), From->Dependents.end(), To) !=
      From->Dependents.end())
    return cudaErrorInvalidValue;
  link(From, To);
  return cudaSuccess;
}

cudaError_t removeEdge(Node *From, Node *To) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  auto It = std::find(From->Dependents.begin(), From->Dependents.end(), To);
  if (It == From->Dependents.end())
    return cudaErrorInvalidValue;
  From->Dependents.erase(It);
  std::erase(To->Dependencies, From);
  return cudaSuccess;
}

void destroyNode(Node *N) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  unlinkAll(N);
  liveObjects().erase(N);
  Graph *G = N->Owner;
  std::erase_if(G->Nodes, [&](const auto &P) { return P.get() == N; });
}

Graph *cloneGraph(const Graph *G) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  Graph *Clone = createGraph();
  std::map<const Node *, Node *> Map;
  copyInto(*G, *Clone, Map);
  return Clone;
}

Node *findInClone(const Graph *Clone, const Node *Original) {
  for (const auto &N : Clone->Nodes)
    if (N->Original == Original)
      return N.get();
  return nullptr;
}

bool topologicalOrder(const Graph &G, std::vector<const Node *> &Order) {
  std::map<const Node *, size_t> Pending;
  std::vector<const Node *> Ready;
  for (const auto &N : G.Nodes) {
    Pending[N.get()] = N->Dependencies.size();
    if (N->Dependencies.empty())
      Ready.push_back(N.get());
  }
  Order.clear();
  // Creation order among ready nodes keeps launches deterministic.
  for (size_t I = 0; I < Ready.size(); ++I) {
    const Node *N = Ready[I];
    Order.push_back(N);
    for (const Node *D : N->Dependents)
      if (--Pending[D] == 0)
        Ready.push_back(D);
  }
  return Order.size() == G.Nodes.size();
}

std::string dotText(const Graph &G, unsigned Flags) {
  std::string Out = "digraph rubicon_graph {\n  compound=true;\n";
  writeDot(G, Flags, "", Out);
  Out += "}\n";
  return Out;
}

bool freeGraphAllocation(void *Pointer) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  GraphMemoryCounters &C = graphMemory();
  auto It = C.ByAddress.find(Pointer);
  if (It == C.ByAddress.end())
    return false;
  if (auto A = It->second.lock()) {
    if (A->Live)
      C.UsedCurrent -= A->Size;
    A->Live = false;
  }
  return true;
}

/// Accounting of memory nodes (Executor.cpp, GraphApi).
void noteGraphAllocation(GraphAllocation &A, bool Created, bool Live) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  GraphMemoryCounters &C = graphMemory();
  if (Created) {
    C.ReservedCurrent += A.Size;
    C.ReservedHigh = std::max(C.ReservedHigh, C.ReservedCurrent);
    return;
  }
  if (Live && !A.Live) {
    C.UsedCurrent += A.Size;
    C.UsedHigh = std::max(C.UsedHigh, C.UsedCurrent);
  } else if (!Live && A.Live) {
    C.UsedCurrent -= A.Size;
  }
  A.Live = Live;
}

void graphMemoryUsage(size_t &UsedCurrent, size_t &UsedHigh,
                      size_t &ReservedCurrent, size_t &ReservedHigh) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  GraphMemoryCounters &C = graphMemory();
  UsedCurrent = C.UsedCurrent;
  UsedHigh = C.UsedHigh;
  ReservedCurrent = C.ReservedCurrent;
  ReservedHigh = C.ReservedHigh;
}

void resetGraphMemoryHighWatermarks(bool Used, bool Reserved) {
  std::lock_guard<std::recursive_mutex> Lock(graphMutex());
  GraphMemoryCounters &C = graphMemory();
  if (Used)
    C.UsedHigh = C.UsedCurrent;
  if (Reserved)
    C.ReservedHigh = C.ReservedCurrent;
}

//--- Kernel arguments --------------------------------------------------------

cudaError_t KernelCall::setArguments(Backend &B, void **Args) {
  std::vector<size_t> Sizes;
  Values.clear();
  Pointers.clear();
  if (B.kernelParameterSizes(Function, ModuleFunction, Sizes) != cudaSuccess) {
    // The backend cannot tell: keep the caller's argument array, read at
    // launch (docs/graphs.md).
    Copied = false;
    CallerArgs = Args;
    return cudaSuccess;
  }
  if (!Sizes.empty() && !Args)
    return cudaErrorInvalidValue;
  Copied = true;
  CallerArgs = nullptr;
  for (size_t I = 0; I < Sizes.size(); ++I) {
    const auto *Bytes = static_cast<const unsigned char *>(Args[I]);
    Values.emplace_back(Bytes, Bytes + Sizes[I]);
  }
  refreshPointers();
  return cudaSuccess;
}

void KernelCall::refreshPointers() {
  if (!Copied)
    return;
  Pointers.clear();
  for (auto &V : Values)
    Pointers.push_back(V.data());
}

//--- User objects --------------------------------------------------------

namespace {
std::unordered_set<const UserObject *> &liveUserObjects() {
  static auto &Objects =
      sharedObject<std::unordered_set<const UserObject *>>(Slot::UserObjects);
  return Objects;
}
std::mutex &userObjectMutex() {
  static auto &Mutex = sharedObject<std::mutex>(Slot::UserObjectMutex);
  return Mutex;
}
} // namespace

UserObject *UserObject::create(void *Pointer, cudaHostFn_t Destroy,
                               unsigned Count) {
  auto *Object = new UserObject(Pointer, Destroy, Count);
  std::lock_guard<std::mutex> Lock(userObjectMutex());
  liveUserObjects().insert(Object);
  return Object;
}

bool UserObject::isLive(const UserObject *Object) {
  std::lock_guard<std::mutex> Lock(userObjectMutex());
  return liveUserObjects().count(Object);
}

void UserObject::retain(unsigned N) {
  std::lock_guard<std::mutex> Lock(userObjectMutex());
  Count += N;
}

void UserObject::release(unsigned N) {
  {
    std::lock_guard<std::mutex> Lock(userObjectMutex());
    Count -= std::min(Count, N);
    if (Count)
      return;
    liveUserObjects().erase(this);
  }
  if (Destroy)
    Destroy(Pointer);
  delete this;
}

} // namespace rubicon::graphs
