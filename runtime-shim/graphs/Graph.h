//===- Graph.h - CUDA graphs: nodes, edges, executable graphs ---*- C++ -*-===//
//
// Part of Rubicon. The object model behind cudaGraph_t/CUgraph,
// cudaGraphNode_t/CUgraphNode and cudaGraphExec_t/CUgraphExec, shared by
// libcudart and libcuda. A graph owns its nodes; an executable graph is a
// snapshot of a graph's nodes in dependency order that runs on any backend
// through its stream operations (Executor.cpp). docs/graphs.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_GRAPH_H
#define RUBICON_GRAPHS_GRAPH_H

#include "Backend.h"
#include "driver_types.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace rubicon::graphs {

using cudart::Backend;
using cudart::LaunchDims;

struct Graph;
struct ExecGraph;
class UserObject;

/// Memory of a memory allocation node: its address is fixed when the node
/// is created and stays the graph's until the last graph or executable graph
/// holding it goes.
struct GraphAllocation {
  Backend *Owner = nullptr;
  void *Pointer = nullptr;
  size_t Size = 0;
  /// Allocated by a launch and not freed yet.
  bool Live = false;
  /// The executable graph instantiated from a graph holding this node.
  const ExecGraph *Exec = nullptr;
  ~GraphAllocation();
};

/// A conditional node's condition: 4 bytes of device memory that
/// cudaGraphSetConditional writes; the handle is their address.
struct ConditionalHandle {
  Backend *Owner = nullptr;
  unsigned *Value = nullptr;
  unsigned Default = 0;
  bool AssignDefault = false;
};

/// A kernel to run: a registered kernel (host stub) of the runtime API, or
/// a module function of the driver API.
struct KernelCall {
  const void *Function = nullptr;
  /// The handle the API user knows the kernel by (the same as Function for
  /// the runtime API; the CUfunction for the driver API).
  void *UserFunction = nullptr;
  bool ModuleFunction = false;
  LaunchDims Grid, Block;
  unsigned SharedMem = 0;
  /// Argument values, copied when the node is set: one buffer per
  /// parameter, or (when the backend cannot tell the parameter sizes) the
  /// caller's pointers, read at launch.
  std::vector<std::vector<unsigned char>> Values;
  std::vector<void *> Pointers;
  bool Copied = false;
  /// The caller's argument array, when the values could not be copied.
  void **CallerArgs = nullptr;
  /// The driver API's `extra` buffer form, copied.
  std::vector<unsigned char> ArgBuffer;
  std::map<int, cudaLaunchAttributeValue> Attributes;

  /// Fills Values/Pointers from Args (one pointer per parameter) using the
  /// backend's parameter sizes.
  cudaError_t setArguments(Backend &B, void **Args);
  void refreshPointers();
  /// The argument array to launch with (or to report).
  void **arguments() {
    return Copied ? (Pointers.empty() ? nullptr : Pointers.data())
                  : CallerArgs;
  }
};

/// The driver API's batch memory operation node (CU_GRAPH_NODE_TYPE_BATCH_MEM_OP),
/// which the runtime API's enumeration lacks.
constexpr cudaGraphNodeType NodeTypeBatchMemOp = cudaGraphNodeType(12);

/// One operation of a batch memory operation node (the meaning of
/// CUstreamBatchMemOpParams): CU_STREAM_MEM_OP_* in Operation.
struct MemOperation {
  unsigned Operation = 0;
  void *Address = nullptr;
  unsigned long long Value = 0;
  unsigned Flags = 0;
};

/// The parameters of one node, copyable (child graphs are kept apart).
struct NodeParams {
  cudaGraphNodeType Type = cudaGraphNodeTypeEmpty;
  KernelCall Kernel;
  cudaMemcpy3DParms Copy{};
  cudaMemsetParams Memset{};
  cudaHostNodeParams Host{};
  cudaEvent_t Event = nullptr;
  cudaMemAllocNodeParams Alloc{};
  std::shared_ptr<GraphAllocation> Allocation;
  void *FreePointer = nullptr;
  cudaConditionalNodeParams Conditional{};
  std::shared_ptr<ConditionalHandle> Condition;
  /// External semaphore nodes: the semaphores (backend handles) and, by the
  /// node's type, their signal or wait parameters, copied.
  std::vector<cudaExternalSemaphore_t> Semaphores;
  std::vector<cudaExternalSemaphoreSignalParams> SignalParams;
  std::vector<cudaExternalSemaphoreWaitParams> WaitParams;
  /// Batch memory operation node: the operations, and the caller's
  /// parameter array copied as it was (what cuGraphBatchMemOpNodeGetParams
  /// gives back).
  std::vector<MemOperation> MemOps;
  std::vector<unsigned char> MemOpRecords;
  unsigned MemOpFlags = 0;
};

struct Node {
  Graph *Owner = nullptr;
  NodeParams Params;
  std::vector<Node *> Dependencies;
  std::vector<Node *> Dependents;
  /// Child graph node: the graph embedded (a clone of the one given).
  std::unique_ptr<Graph> Child;
  /// Conditional node: its bodies.
  std::vector<std::unique_ptr<Graph>> Bodies;
  std::vector<cudaGraph_t> BodyHandles;
  /// The node this one was cloned from (cudaGraphNodeFindInClone).
  const Node *Original = nullptr;
};

struct Graph {
  std::vector<std::unique_ptr<Node>> Nodes;
  std::map<UserObject *, unsigned> UserObjects;
  std::vector<std::shared_ptr<ConditionalHandle>> Conditions;
  /// Set for the body graph of a conditional node and a child graph.
  const Node *Parent = nullptr;
  ~Graph();
};

/// What a graph's API call needs to know about its caller.
cudaGraph_t toHandle(Graph *G);
Graph *fromHandle(cudaGraph_t G);
cudaGraphNode_t toHandle(Node *N);
Node *fromHandle(cudaGraphNode_t N);
cudaGraphExec_t toHandle(ExecGraph *E);
ExecGraph *fromHandle(cudaGraphExec_t E);

/// Live-handle checks: a destroyed or made-up handle is never dereferenced.
bool isLive(const Graph *G);
bool isLive(const Node *N);
bool isLive(const ExecGraph *E);

/// The lock every graph operation holds (graphs are not used on hot paths
/// except launch, which copies what it needs first).
std::recursive_mutex &graphMutex();

Graph *createGraph();
void destroyGraph(Graph *G);
/// Adds a node of Params.Type after Dependencies (all nodes of G).
cudaError_t addNode(Graph *G, const std::vector<Node *> &Dependencies,
                    NodeParams Params, Node *&Out);
/// A child graph node holding a clone of Child.
cudaError_t addChildGraphNode(Graph *G, const std::vector<Node *> &Dependencies,
                              const Graph *Child, Node *&Out);
/// A conditional node with Size bodies (empty graphs the caller fills).
cudaError_t addConditionalNode(Graph *G,
                               const std::vector<Node *> &Dependencies,
                               cudaConditionalNodeParams &Params, Node *&Out);
cudaError_t addEdge(Node *From, Node *To);
cudaError_t removeEdge(Node *From, Node *To);
void destroyNode(Node *N);
Graph *cloneGraph(const Graph *G);
Node *findInClone(const Graph *Clone, const Node *Original);
/// Nodes in an order where each follows its dependencies; false on a cycle.
bool topologicalOrder(const Graph &G, std::vector<const Node *> &Order);
/// Graphviz DOT text of G.
std::string dotText(const Graph &G, unsigned Flags);

/// Memory of memory nodes, by address: cudaFree/cudaFreeAsync of such an
/// address frees it (marks it not live). True if Pointer was one.
bool freeGraphAllocation(void *Pointer);
/// cudaGraphMemAttr* values of Device.
void graphMemoryUsage(size_t &UsedCurrent, size_t &UsedHigh,
                      size_t &ReservedCurrent, size_t &ReservedHigh);
void resetGraphMemoryHighWatermarks(bool Used, bool Reserved);
/// Accounting of memory nodes: a new allocation (Created), or one a launch
/// allocates (Live) or frees.
void noteGraphAllocation(GraphAllocation &A, bool Created, bool Live);
/// Registers or forgets a handle for isLive().
void markLive(const void *Object, bool Live);

/// User objects (cudaUserObject_t / CUuserObject): a reference count and a
/// destructor run when it reaches zero.
class UserObject {
public:
  UserObject(void *Pointer, cudaHostFn_t Destroy, unsigned Count)
      : Pointer(Pointer), Destroy(Destroy), Count(Count) {}
  void retain(unsigned N);
  void release(unsigned N);
  static bool isLive(const UserObject *Object);
  static UserObject *create(void *Pointer, cudaHostFn_t Destroy,
                            unsigned Count);

private:
  void *Pointer;
  cudaHostFn_t Destroy;
  unsigned Count;
};

} // namespace rubicon::graphs

#endif // RUBICON_GRAPHS_GRAPH_H
